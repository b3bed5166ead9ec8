"""Checks the fields of deploy/kubernetes that MiniFlake depends on.

The schemas (kubernetes-validate) say a manifest is well formed; this says it does what the
README promises: pods get their instance number from the StatefulSet ordinal, probes hit
/health, the grace period covers the server's drain, and the lease variant reads its URL from a
Secret. Run: python3 Tests/Deploy/check_manifests.py deploy/kubernetes
"""

import pathlib
import sys

import yaml

# The server waits at most 10 s for requests in flight after SIGTERM, then releases its lease.
DRAIN_SECONDS = 10
LEASE_RELEASE_SECONDS = 5

failures = []
passed = 0


def check(condition, message):
    global passed
    if condition:
        passed += 1
    else:
        failures.append(message)


def load(root):
    documents = {}
    for path in sorted(root.rglob("*.yaml")):
        for document in yaml.safe_load_all(path.read_text()):
            if document and "kind" in document:
                documents.setdefault(document["kind"], []).append((path, document))
    return documents


def container(workload):
    containers = workload["spec"]["template"]["spec"]["containers"]
    return next(c for c in containers if c["name"] == "miniflake")


def check_server_pod(path, workload):
    spec = workload["spec"]["template"]["spec"]
    main = container(workload)
    pre_stop = main.get("lifecycle", {}).get("preStop", {}).get("sleep", {}).get("seconds", 0)
    grace = spec.get("terminationGracePeriodSeconds", 30)
    check(
        grace >= pre_stop + DRAIN_SECONDS + LEASE_RELEASE_SECONDS,
        f"{path}: terminationGracePeriodSeconds {grace} does not cover preStop {pre_stop} s "
        f"+ drain {DRAIN_SECONDS} s + lease release {LEASE_RELEASE_SECONDS} s",
    )
    for probe in ("readinessProbe", "livenessProbe"):
        get = main.get(probe, {}).get("httpGet", {})
        check(get.get("path") == "/health", f"{path}: {probe} must GET /health")
        check(get.get("port") in ("http", 8080), f"{path}: {probe} must use the http port")
    liveness = main["livenessProbe"]
    check(
        liveness.get("periodSeconds", 10) * liveness.get("failureThreshold", 3) >= 30,
        f"{path}: liveness must tolerate 30 s of 503 (a lease being claimed again)",
    )
    ports = {p["name"]: p["containerPort"] for p in main.get("ports", [])}
    args = main.get("args", [])
    check(ports.get("http") == 8080, f"{path}: container port http must be 8080")
    check(args[:1] == ["serve"], f"{path}: the container must run `miniflake serve`")
    check("--port" in args and args[args.index("--port") + 1] == "8080", f"{path}: serve must listen on 8080")
    check("--host" in args and args[args.index("--host") + 1] == "0.0.0.0", f"{path}: serve must listen on all addresses")
    return main, args


def main(root):
    documents = load(pathlib.Path(root))
    statefulsets = documents.get("StatefulSet", [])
    deployments = documents.get("Deployment", [])
    services = documents.get("Service", [])
    budgets = documents.get("PodDisruptionBudget", [])
    check(len(statefulsets) == 1, "one StatefulSet (the ordinal variant)")
    check(len(deployments) == 1, "one Deployment (the PostgreSQL-lease variant)")

    for path, statefulset in statefulsets:
        main_container, args = check_server_pod(path, statefulset)
        check("--instance" in args and args[args.index("--instance") + 1] == "ordinal",
              f"{path}: serve must take --instance ordinal")
        check("--instance-offset" in args, f"{path}: serve must name its --instance-offset")
        env = {e["name"]: e for e in main_container.get("env", [])}
        field = env.get("MINIFLAKE_POD_INDEX", {}).get("valueFrom", {}).get("fieldRef", {}).get("fieldPath")
        check(field == "metadata.labels['apps.kubernetes.io/pod-index']",
              f"{path}: MINIFLAKE_POD_INDEX must come from the pod-index label")
        headless = [s for p, s in services if s["metadata"]["name"] == statefulset["spec"]["serviceName"]]
        check(len(headless) == 1 and headless[0]["spec"].get("clusterIP") == "None",
              f"{path}: serviceName must name a headless Service")
        check(statefulset["spec"]["replicas"] <= 1024, f"{path}: at most 1024 replicas fit the layout")

    for path, deployment in deployments:
        main_container, args = check_server_pod(path, deployment)
        check("--instance" not in args, f"{path}: the lease variant must not fix an instance number")
        env = {e["name"]: e for e in main_container.get("env", [])}
        secret = env.get("MINIFLAKE_LEASE", {}).get("valueFrom", {}).get("secretKeyRef")
        check(secret is not None, f"{path}: MINIFLAKE_LEASE must come from a Secret")
        strategy = deployment["spec"].get("strategy", {}).get("rollingUpdate", {})
        check(strategy.get("maxUnavailable") == 0, f"{path}: a rolling update must not drop below the replicas")

    for path, budget in budgets:
        check(budget["spec"].get("maxUnavailable") == 1 or "minAvailable" in budget["spec"],
              f"{path}: the PodDisruptionBudget must limit voluntary disruptions")
    check(len(budgets) >= 2, "a PodDisruptionBudget for each variant")

    for failure in failures:
        print(f"FAIL {failure}")
    print(f"{passed} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "deploy/kubernetes"))
