#!/usr/bin/env bash
# Checks deploy/kubernetes: every manifest against the Kubernetes schemas (kubernetes-validate
# from PyPI, which ships them; --strict refuses unknown fields), then the fields that matter for
# MiniFlake (Tests/Deploy/check_manifests.py). Installs into .venv-deploy on first use.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.venv-deploy
if [ ! -x "$venv/bin/kubernetes-validate" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check kubernetes-validate PyYAML
fi
mapfile -t manifests < <(find deploy/kubernetes -name '*.yaml' ! -name kustomization.yaml | sort)
"$venv/bin/kubernetes-validate" --strict --kubernetes-version 1.30 "${manifests[@]}"
"$venv/bin/python" Tests/Deploy/check_manifests.py deploy/kubernetes
