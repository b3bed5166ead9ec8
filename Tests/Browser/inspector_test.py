#!/usr/bin/env python3
"""The ID inspector page (`GET /` of `miniflake serve`) in a real, headless Chromium.

    inspector_test.py BASE_URL [SCREENSHOT]

BASE_URL is a running server, such as http://127.0.0.1:8080; scripts/browser-test.sh starts one
and runs this. Each check prints `ok` or `FAIL` and why; the last line is `N passed, N failed`.
Exits 1 when any check failed, or when the browser could not be started at all. Saves a
screenshot (docs/images/inspector.png by default) once a Discord ID is decoded and 5 IDs made.

Environment: CHROMIUM (/usr/bin/chromium), CHROMEDRIVER (/usr/bin/chromedriver).
"""

import json
import os
import re
import sys
import tempfile
import traceback

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

DISCORD_ID = "175928847299117063"
DISCORD_TIME = "2016-04-30T11:18:25.796Z"
# The same moment in Europe/Berlin (summer time, UTC+2), the zone the browser is put in; 13:18 or
# 01:18 PM, as the locale writes it.
DISCORD_LOCAL = re.compile(r"\b(13|01):18:25\.796\b")
TIMEOUT = 10
VECTORS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "vectors", "miniflake-ids.json")
LAYOUT_NAMES = {"miniflake": "MiniFlake", "twitter": "Twitter", "discord": "Discord", "sonyflake": "Sonyflake",
                "js53": "JavaScript-safe"}


class Inspector:
    """The page, driven the way a person would."""

    def __init__(self, driver, base_url):
        self.driver = driver
        self.base_url = base_url.rstrip("/") + "/"

    def load(self):
        self.driver.get(self.base_url)
        self.wait(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true",
                  "the page asks the server for its layout and instance")

    def element(self, element_id):
        return self.driver.find_element(By.ID, element_id)

    def text(self, element_id):
        return self.element(element_id).text.strip()

    def wait(self, condition, what):
        try:
            return WebDriverWait(self.driver, TIMEOUT).until(condition)
        except TimeoutException:
            raise AssertionError(f"timed out after {TIMEOUT} s waiting until {what}") from None

    def active_id(self):
        return self.driver.switch_to.active_element.get_attribute("id")

    def decoded(self, decimal, what):
        """Waits until the result shows `decimal`, and returns the visible fields."""
        self.wait(lambda d: self.element("decode-result").is_displayed() and self.text("r-decimal") == decimal,
                  what)
        names = ["utc", "local", "age", "ms", "sequence", "instance", "decimal", "base32", "hex", "uuid", "layout",
                 "read"]
        return {name: self.text("r-" + name) for name in names}

    def type_id(self, text):
        field = self.element("id-input")
        field.clear()
        field.send_keys(text)

    def made_ids(self, count):
        self.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#made li")) == count
                  and self.element("made").is_displayed(), f"{count} IDs are listed")
        return [item.text.strip() for item in self.driver.find_elements(By.CSS_SELECTOR, "#made li")]


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


def expect_discord(fields):
    expect(fields["utc"] == DISCORD_TIME, f"UTC time {fields['utc']!r}, expected {DISCORD_TIME}")
    expect(fields["instance"] == "32", f"instance {fields['instance']!r}, expected 32")
    expect(fields["sequence"] == "7", f"sequence {fields['sequence']!r}, expected 7")
    expect(fields["layout"] == "Discord", f"layout {fields['layout']!r}, expected Discord")
    expect(DISCORD_LOCAL.search(fields["local"]) and "2016" in fields["local"],
           f"local time {fields['local']!r}, expected 30 Apr 2016 13:18:25.796 in Europe/Berlin")
    expect(re.fullmatch(r"[0-9A-HJKMNP-TV-Z]{13}", fields["base32"]), f"base32 {fields['base32']!r}")
    expect(fields["hex"] == format(int(DISCORD_ID), "016x"), f"hex {fields['hex']!r}")
    expect(fields["ms"] == "1462015105796", f"milliseconds {fields['ms']!r}")
    expect(fields["age"].endswith("years ago"), f"age {fields['age']!r}")


def check_loads(page):
    page.load()
    expect(page.driver.title == "MiniFlake ID inspector", f"title {page.driver.title!r}")
    expect(page.active_id() == "id-input", f"focus starts on {page.active_id()!r}, not the ID field")
    expect(page.text("server-instance") == "7", f"server instance {page.text('server-instance')!r}")
    origin = page.base_url.rstrip("/")
    resources = page.driver.execute_script(
        "return performance.getEntriesByType('resource').map((entry) => entry.name)")
    foreign = [name for name in resources if not name.startswith(origin)]
    expect(not foreign, f"the page loaded from elsewhere: {foreign}")
    severe = [entry["message"] for entry in page.driver.get_log("browser") if entry["level"] == "SEVERE"]
    expect(not severe, f"console errors (a Content-Security-Policy violation?): {severe}")


def check_discord(page):
    page.type_id(DISCORD_ID)
    Select(page.element("layout")).select_by_value("discord")
    page.element("decode-button").click()
    fields = page.decoded(DISCORD_ID, "the Discord ID is decoded")
    expect_discord(fields)
    expect(fields["read"] == "decimal", f"read as {fields['read']!r}")
    expect(not page.element("decode-error").is_displayed(), "an error is shown next to the result")


def check_generate(page, screenshot):
    count = page.element("count")
    count.clear()
    count.send_keys("5")
    page.element("make-button").click()
    ids = page.made_ids(5)
    expect(len(set(ids)) == 5, f"the 5 IDs are not distinct: {ids}")
    expect(all(re.fullmatch(r"[0-9]{1,19}", each) for each in ids), f"not decimal IDs: {ids}")
    expect(ids == sorted(ids, key=int), f"not in the order they were made: {ids}")
    expect(page.text("make-status") == "Made 5 new IDs, oldest first.", f"status {page.text('make-status')!r}")
    if screenshot:
        os.makedirs(os.path.dirname(screenshot) or ".", exist_ok=True)
        expect(page.driver.save_screenshot(screenshot), f"could not save {screenshot}")
        print(f"   screenshot: {screenshot}")


def check_hex(page):
    page.type_id("0x" + format(int(DISCORD_ID), "x"))
    Select(page.element("layout")).select_by_value("discord")
    page.element("decode-button").click()
    page.wait(lambda d: page.text("r-read") == "hex", "the hex ID is decoded")
    fields = page.decoded(DISCORD_ID, "the hex ID is decoded")
    expect_discord(fields)


def check_made_id_decodes(page):
    first = page.driver.find_element(By.CSS_SELECTOR, "#made li button")
    made = first.text.strip()
    first.click()
    fields = page.decoded(made, "a made ID is decoded")
    expect(fields["instance"] == "7", f"instance {fields['instance']!r}, expected the server's 7")
    expect(fields["layout"] == "MiniFlake", f"layout {fields['layout']!r}, expected the server's")


def check_not_an_id(page):
    page.type_id("hello")
    page.element("id-input").send_keys(Keys.ENTER)
    page.wait(lambda d: page.element("decode-error").is_displayed(), "an error is shown")
    message = page.text("decode-error")
    expect("Not an ID" in message and "hello" in message and "13" in message, f"message {message!r}")
    expect(not page.element("decode-result").is_displayed(), "the previous result is still shown")
    expect(page.element("id-input").get_attribute("aria-invalid") == "true", "the field is not marked invalid")
    expect(page.element("decode-error").get_attribute("role") == "alert", "the error is not announced")
    # A number too large for 63 bits is refused by the server, with its reason.
    page.type_id("9223372036854775808")
    page.element("id-input").send_keys(Keys.ENTER)
    page.wait(lambda d: "larger than the largest ID" in page.text("decode-error"), "the server's reason is shown")


def check_keyboard(page):
    page.load()
    keys = page.driver.switch_to.active_element
    expect(page.active_id() == "id-input", f"focus starts on {page.active_id()!r}")
    keys.send_keys(DISCORD_ID, Keys.TAB)
    expect(page.active_id() == "layout", f"Tab from the ID field reaches {page.active_id()!r}")
    page.driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN, Keys.ARROW_DOWN)
    expect(Select(page.element("layout")).first_selected_option.get_attribute("value") == "discord",
           "two arrow keys from MiniFlake do not reach Discord")
    page.driver.switch_to.active_element.send_keys(Keys.SHIFT, Keys.TAB)
    expect(page.active_id() == "id-input", f"Shift-Tab reaches {page.active_id()!r}")
    page.driver.switch_to.active_element.send_keys(Keys.ENTER)
    expect_discord(page.decoded(DISCORD_ID, "Enter in the ID field decodes"))
    order = []
    for _ in range(4):
        page.driver.switch_to.active_element.send_keys(Keys.TAB)
        order.append(page.active_id())
    expected = ["layout", "decode-button", "count", "make-button"]
    expect(order == expected, f"Tab order {order}, expected {expected}")
    page.driver.switch_to.active_element.send_keys(Keys.SHIFT, Keys.TAB)
    count = page.driver.switch_to.active_element
    count.send_keys(Keys.CONTROL, "a")
    count.send_keys("3", Keys.ENTER)
    ids = page.made_ids(3)
    page.driver.switch_to.active_element.send_keys(Keys.TAB, Keys.TAB)
    label = page.driver.switch_to.active_element.get_attribute("aria-label")
    expect(label == "Decode " + ids[0], f"Tab after Make IDs reaches {label!r}, not the first ID")
    page.driver.switch_to.active_element.send_keys(Keys.ENTER)
    page.decoded(ids[0], "Enter on a made ID decodes it")
    expect(page.active_id() == "id-input", f"after decoding a made ID, focus is on {page.active_id()!r}")


def check_vector_decoding(page):
    """The server's decoding, as the page shows it, against the shared vectors: every ID of every
    layout in decimal, and the first three in base32 and hex."""
    page.load()
    with open(VECTORS, encoding="utf-8") as file:
        vectors = json.load(file)
    for layout in vectors["layouts"]:
        Select(page.element("layout")).select_by_value(layout["name"])
        for index, vector in enumerate(layout["ids"]):
            forms = [vector["id"]] + ([vector["base32"], vector["hex"]] if index < 3 else [])
            for text in forms:
                page.driver.execute_script("document.getElementById('r-decimal').textContent = ''")
                page.type_id(text)
                page.element("decode-button").click()
                fields = page.decoded(vector["id"], f"{layout['name']} {text} is decoded")
                shown = (fields["utc"], fields["ms"], fields["sequence"], fields["instance"], fields["base32"],
                         fields["hex"], fields["layout"])
                wanted = (vector["time"], str(vector["millisecondsSince1970"]), str(vector["sequence"]),
                          str(vector["instance"]), vector["base32"], vector["hex"], LAYOUT_NAMES[layout["name"]])
                expect(shown == wanted, f"{layout['name']} {text}: shown {shown}, expected {wanted}")


def check_uuids(page):
    """The shared vectors' UUIDs: each decodes to its ID under its own layout, whatever layout is
    chosen; each ID shows its UUID; each refused UUID shows the server's reason."""
    page.load()
    with open(VECTORS, encoding="utf-8") as file:
        vectors = json.load(file)
    Select(page.element("layout")).select_by_value("js53")
    for vector in vectors["uuids"]:
        for text, read_as in [(vector["uuid"], "UUID"), (vector["id"], "decimal")]:
            if read_as == "decimal":
                Select(page.element("layout")).select_by_value(vector["layout"])
            page.driver.execute_script("document.getElementById('r-decimal').textContent = ''")
            page.type_id(text)
            page.element("decode-button").click()
            fields = page.decoded(vector["id"], f"{vector['layout']} {text} is decoded")
            # All digits is decimal; 16 digits also read as hex, and 13 as base32, which the page says.
            also = {16: " (16 digits also read as hex: write 0x before them for that)",
                    13: " (13 digits also read as base32)"}.get(len(text), "") if read_as == "decimal" else ""
            shown = (fields["uuid"], fields["layout"], fields["ms"], fields["read"])
            wanted = (vector["uuid"], LAYOUT_NAMES[vector["layout"]], str(vector["millisecondsSince1970"]),
                      read_as + also)
            expect(shown == wanted, f"{text}: shown {shown}, expected {wanted}")
    for vector in vectors["refusedUUIDs"]:
        if len(vector["input"]) != 36:
            continue
        page.type_id(vector["input"])
        page.element("decode-button").click()
        page.wait(lambda d: page.element("decode-error").is_displayed(), f"{vector['input']} is refused")
        message = page.text("decode-error")
        expect(not page.element("decode-result").is_displayed(), "a result is shown beside the error")
        expect(message, f"{vector['note']}: no message")
        page.driver.execute_script("document.getElementById('decode-error').hidden = true")


def check_first_id_at(page):
    """The page's own "first ID at" against the shared vectors, and its refusals."""
    page.load()
    with open(VECTORS, encoding="utf-8") as file:
        vectors = json.load(file)
    field = page.element("at-input")
    for layout in vectors["layouts"]:
        Select(page.element("layout")).select_by_value(layout["name"])
        for vector in layout["firstIDs"]:
            page.driver.execute_script("document.getElementById('a-decimal').textContent = ''")
            field.clear()
            field.send_keys(vector["time"], Keys.ENTER)
            page.wait(lambda d: page.element("at-result").is_displayed() and page.text("a-decimal") != "",
                      f"the first ID at {vector['time']} is shown")
            shown = (page.text("a-decimal"), page.text("a-base32"), page.text("a-hex"))
            wanted = (vector["id"], base32(int(vector["id"])), format(int(vector["id"]), "016x"))
            expect(shown == wanted, f"{layout['name']} {vector['time']}: shown {shown}, expected {wanted}")
        for vector in layout["refused"]:
            if vector["operation"] != "first_id_at":
                continue
            field.clear()
            field.send_keys(vector["input"], Keys.ENTER)
            page.wait(lambda d: page.element("at-error").is_displayed(), f"{vector['input']} is refused")
            message = page.text("at-error")
            expected = "Not a moment" if vector["code"] == "invalid_time" else "outside"
            expect(expected in message, f"{layout['name']} {vector['input']}: message {message!r}")
            expect(not page.element("at-result").is_displayed(), "a result is shown beside the error")


def base32(value):
    digits = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    return "".join(digits[(value >> (5 * shift)) & 31] for shift in reversed(range(13)))


def start_browser():
    options = Options()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=900,1300", "--lang=en-US", "--hide-scrollbars",
                     "--user-data-dir=" + tempfile.mkdtemp(prefix="miniflake-chromium-")]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(service=service, options=options)
    # A fixed viewport, so that the screenshot shows both sections whatever the window decorations.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 900, "height": 1060, "deviceScaleFactor": 1, "mobile": False})
    driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Europe/Berlin"})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": "light"}]})
    return driver


def main(arguments):
    if len(arguments) not in (2, 3) or arguments[1] in ("-h", "--help"):
        print(__doc__)
        return 2
    base_url = arguments[1]
    screenshot = arguments[2] if len(arguments) == 3 else "docs/images/inspector.png"
    try:
        driver = start_browser()
    except Exception as error:  # noqa: BLE001 - any failure to start is one failed check
        print(f"FAIL start headless Chromium: {error}")
        print("0 passed, 1 failed")
        return 1
    page = Inspector(driver, base_url)
    checks = [
        ("the page loads, focused on the ID field, with nothing from elsewhere and no console errors",
         lambda: check_loads(page)),
        ("Discord ID 175928847299117063 as layout Discord: 2016-04-30T11:18:25.796Z, instance 32, sequence 7",
         lambda: check_discord(page)),
        ("Make IDs with 5: five distinct decimal IDs, oldest first", lambda: check_generate(page, screenshot)),
        ("the same ID in hex (0x...) decodes the same, converted in the page", lambda: check_hex(page)),
        ("choosing a made ID decodes it under the server's layout and instance", lambda: check_made_id_decodes(page)),
        ("`hello` shows a clear error; so does a number too large for an ID", lambda: check_not_an_id(page)),
        ("keyboard only: Tab order, arrow keys pick the layout, Enter decodes and makes IDs",
         lambda: check_keyboard(page)),
        ("the shared vectors' IDs decode to their parts and text forms in every layout, js53 included",
         lambda: check_vector_decoding(page)),
        ("the shared vectors' UUIDs decode under their own layout, IDs show their UUIDs, refused UUIDs explained",
         lambda: check_uuids(page)),
        ("the first ID at each of the shared vectors' moments, worked out in the page; refusals explained",
         lambda: check_first_id_at(page)),
    ]
    passed = failed = 0
    try:
        for name, check in checks:
            try:
                check()
            except Exception as error:  # noqa: BLE001 - report every check, then fail
                failed += 1
                print(f"FAIL {name}\n     {error}")
                if not isinstance(error, AssertionError):
                    traceback.print_exc(limit=3)
            else:
                passed += 1
                print(f"ok   {name}")
    finally:
        driver.quit()
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
