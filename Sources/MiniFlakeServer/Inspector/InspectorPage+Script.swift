#if Server
    extension InspectorPage {
        /// The page's script: reads pasted text (hex converted to decimal with `BigInt`), calls the
        /// JSON API, and shows the answer; every text it shows goes in through `textContent`.
        static let script = #"""
            <script nonce="__CSP_NONCE__">
            "use strict";
            (() => {
              const $ = (id) => document.getElementById(id);
              const largestID = (1n << 63n) - 1n;
              const layoutNames = { miniflake: "MiniFlake", twitter: "Twitter", discord: "Discord", sonyflake: "Sonyflake",
                js53: "JavaScript-safe" };
              // The presets for "the first ID at": [epoch ms, tick ms, timestamp bits, bits below it].
              const layouts = { miniflake: [1519862400000, 1, 41, 22], twitter: [1288834974657, 1, 41, 22],
                discord: [1420070400000, 1, 41, 22], sonyflake: [1409529600000, 10, 39, 24], js53: [1767225600000, 1, 41, 12] };
              const idInput = $("id-input");
              const layoutSelect = $("layout");
              const decodeError = $("decode-error");
              const decodeResult = $("decode-result");
              const countInput = $("count");
              const makeError = $("make-error");
              const makeStatus = $("make-status");
              const made = $("made");
              let serverLayout = "";
              let layoutChosen = false;
              let decodeTicket = 0;

              // The page is served at the root of the routes, wherever they are mounted: "/" for
              // miniflake serve, "/ids" or "/ids/" under a prefix. The JSON API lives under the same base.
              const apiBase = window.location.pathname.replace(/\/+$/, "");

              const quoted = (text) => "\u201c" + (text.length > 40 ? text.slice(0, 40) + "\u2026" : text) + "\u201d";

              // How to read pasted text: all digits is decimal; 8-4-4-4-12 hex digits is a UUID, which
              // names its own layout; 13 base32 symbols (hyphens aside) is base32; 0x and 1 to 16 hex
              // digits, or exactly 16 hex digits, is hex: the rule of the command line and the service,
              // which say when another form reads the text too (16 digits also read as hex, 13 as
              // base32), as this page does. Decimal and hex are sent as 0x and hex.
              // Returns { path, readAs } or throws an Error whose message says why the text is no ID.
              function readID(raw) {
                const text = raw.trim();
                if (text === "") throw new Error("Paste or type an ID first.");
                if (/^[0-9]+$/.test(text)) {
                  const value = BigInt(text);
                  const also = text.length === 16 ? " (16 digits also read as hex: write 0x before them for that)"
                    : text.length === 13 ? " (13 digits also read as base32)" : "";
                  return { path: value <= largestID ? "0x" + value.toString(16) : text, readAs: "decimal" + also };
                }
                if (/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i.test(text)) return { path: text, readAs: "UUID" };
                const bad = /[^0-9a-z-]|u/i.exec(text);
                const symbols = text.replace(/-/g, "").length;
                if (!bad && symbols === 13) return { path: text, readAs: "base32" };
                const hex = /^0x([0-9a-f]+)$/i.exec(text) || /^([0-9a-f]{16})$/i.exec(text);
                if (hex && hex[1].length <= 16) {
                  const value = BigInt("0x" + hex[1]);
                  if (value > largestID) {
                    throw new Error(`Not an ID: ${quoted(text)} is larger than the largest ID, 0x7fffffffffffffff.`);
                  }
                  return { path: "0x" + value.toString(16), readAs: "hex" };
                }
                const prefixed = /^0x(.*)$/i.exec(text);
                if (prefixed) {
                  const notHex = /[^0-9a-f]/i.exec(prefixed[1]);
                  if (prefixed[1] === "") throw new Error("Not an ID: \u201c0x\u201d needs hex digits after it.");
                  if (notHex) throw new Error(`Not an ID: ${quoted(notHex[0])} in ${quoted(text)} is not a hex digit.`);
                  throw new Error(`Not an ID: ${quoted(text)} has ${prefixed[1].length} hex digits after 0x; the most is 16.`);
                }
                if (bad) {
                  throw new Error(`Not an ID: ${quoted(bad[0])} at position ${bad.index + 1} of ${quoted(text)} ` +
                    "is not a digit or a base32 symbol.");
                }
                throw new Error(`Not an ID: ${quoted(text)} has ${symbols} base32 symbols; ` +
                  "a base32 ID has exactly 13 (hyphens aside).");
              }

              function showDecodeError(message) {
                decodeResult.hidden = true;
                decodeError.textContent = message;
                decodeError.hidden = false;
                idInput.setAttribute("aria-invalid", "true");
              }

              function set(id, value) {
                $(id).textContent = String(value);
              }

              function localTime(milliseconds) {
                const date = new Date(milliseconds);
                if (Number.isNaN(date.getTime())) return "outside the dates this browser can show";
                const shown = date.toLocaleString(undefined, {
                  year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit",
                  second: "2-digit", fractionalSecondDigits: 3, timeZoneName: "short",
                });
                return shown;
              }

              function relative(milliseconds) {
                const format = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
                const units = [["year", 31557600000], ["month", 2629800000], ["day", 86400000], ["hour", 3600000],
                  ["minute", 60000], ["second", 1000]];
                for (const [unit, length] of units) {
                  if (Math.abs(milliseconds) >= length || unit === "second") {
                    return format.format(Math.round(milliseconds / length), unit);
                  }
                }
              }

              function showDetails(details, readAs) {
                set("r-utc", details.time);
                set("r-local", localTime(details.millisecondsSince1970));
                set("r-age", relative(details.millisecondsSince1970 - Date.now()));
                set("r-ms", details.millisecondsSince1970);
                set("r-sequence", details.sequence);
                set("r-instance", details.instance);
                set("r-decimal", details.id);
                set("r-base32", details.base32);
                set("r-hex", details.hex);
                set("r-uuid", details.uuid || "none: only the preset layouts have UUIDs");
                set("r-layout", layoutNames[details.layout] || details.layout);
                set("r-read", readAs);
                decodeError.hidden = true;
                idInput.removeAttribute("aria-invalid");
                decodeResult.hidden = false;
              }

              // Asks the server for a JSON answer; returns { ok, body } or throws for no answer.
              async function getJSON(url) {
                const response = await fetch(url, { headers: { Accept: "application/json" } });
                let body = null;
                try {
                  body = await response.json();
                } catch {
                  body = null;
                }
                return { ok: response.ok, status: response.status, body };
              }

              function errorText(answer) {
                const error = answer.body && answer.body.error;
                if (!error) return `The server answered ${answer.status}.`;
                return error.code === "malformed_id" ? `Not an ID: ${error.message}.` : `${error.message}.`;
              }

              async function decode() {
                const ticket = ++decodeTicket;
                let read;
                try {
                  read = readID(idInput.value);
                } catch (error) {
                  showDecodeError(error.message);
                  return;
                }
                const layout = layoutSelect.value;
                const query = layout ? "?layout=" + encodeURIComponent(layout) : "";
                let answer;
                try {
                  answer = await getJSON(apiBase + "/v1/ids/" + encodeURIComponent(read.path) + query);
                } catch (error) {
                  if (ticket === decodeTicket) showDecodeError("The server did not answer: " + error.message);
                  return;
                }
                if (ticket !== decodeTicket) return;
                if (answer.ok) showDetails(answer.body, read.readAs);
                else showDecodeError(errorText(answer));
              }

              function madeItem(id) {
                const item = document.createElement("li");
                const button = document.createElement("button");
                button.type = "button";
                button.textContent = id;
                button.setAttribute("aria-label", "Decode " + id);
                button.addEventListener("click", () => {
                  idInput.value = id;
                  if (serverLayout) layoutSelect.value = serverLayout in layoutNames ? serverLayout : "";
                  idInput.focus();
                  decode();
                });
                item.append(button);
                return item;
              }

              async function make() {
                const count = Number(countInput.value);
                if (countInput.value.trim() === "" || !Number.isInteger(count) || count < 1 || count > 1000) {
                  makeError.textContent = "Give a whole number of IDs from 1 to 1000.";
                  makeError.hidden = false;
                  countInput.setAttribute("aria-invalid", "true");
                  return;
                }
                let answer;
                try {
                  answer = await getJSON(apiBase + "/v1/ids?count=" + count);
                } catch (error) {
                  answer = { ok: false, status: 0, body: { error: { message: "The server did not answer: " + error.message } } };
                }
                if (!answer.ok) {
                  makeError.textContent = errorText(answer);
                  makeError.hidden = false;
                  return;
                }
                const ids = answer.body.ids;
                makeError.hidden = true;
                countInput.removeAttribute("aria-invalid");
                made.replaceChildren(...ids.map(madeItem));
                made.hidden = false;
                makeStatus.textContent = ids.length === 1 ? "Made 1 new ID." : `Made ${ids.length} new IDs, oldest first.`;
              }

              async function loadServer() {
                try {
                  const answer = await getJSON("/health");
                  serverLayout = answer.body.layout;
                  const instance = answer.body.currentInstanceNumber;
                  set("server-instance", instance === null ? "none held" : instance);
                } catch {
                  set("server-layout", "unknown");
                  set("server-instance", "unknown");
                  return;
                }
                let option = [...layoutSelect.options].find((each) => each.value === serverLayout);
                if (!option) {
                  option = new Option("", "");
                  layoutSelect.add(option, 0);
                }
                option.textContent = (layoutNames[serverLayout] || serverLayout) + " (this server's)";
                set("server-layout", layoutNames[serverLayout] || serverLayout);
                if (!layoutChosen) layoutSelect.value = option.value;
                document.body.dataset.ready = "true";
              }

              // ISO 8601 as the command line reads it: a date, or a date and time with Z, an offset or
              // no zone (UTC); fractions floored to the millisecond. Returns milliseconds, or null.
              function parseTime(text) {
                const m = /^(\d{4})-(\d\d)-(\d\d)(?:[Tt ](\d\d):(\d\d)(?::(\d\d)(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d\d)(?::?(\d\d))?)?)?$/
                  .exec(text.trim());
                if (!m) return null;
                const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] =
                  [1, 2, 3, 4, 5, 6, 10, 11].map((i) => Number(m[i] || 0));
                const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
                const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
                if (!days || day < 1 || day > days || hour > 23 || minute > 59 || second > 59 || offsetHours > 23 ||
                  offsetMinutes > 59) return null;
                const date = new Date(Date.UTC(2000, 0, 1, hour, minute, second, Number((m[7] || "").padEnd(3, "0").slice(0, 3))));
                date.setUTCFullYear(year, month - 1, day);
                return date.getTime() - (m[9] === "-" ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60000;
              }

              function base32(value) {
                let text = "";
                for (let i = 0; i < 13; i++, value >>= 5n) text = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"[Number(value & 31n)] + text;
                return text;
              }

              function firstIDAt() {
                const error = $("at-error");
                const name = layoutSelect.value || serverLayout;
                const layout = layouts[name];
                const milliseconds = parseTime($("at-input").value);
                let message = "";
                if (!layout) message = `The page knows only the preset layouts, not ${quoted(name)}.`;
                else if (milliseconds === null) message = "Not a moment: write ISO 8601, such as 2026-03-01T00:00:00Z.";
                const tick = layout && Math.floor((milliseconds - layout[0]) / layout[1]);
                if (!message && (tick < 0 || tick >= 2 ** layout[2])) {
                  message = `That moment is outside the ${layoutNames[name]} layout's time, ` +
                    `${new Date(layout[0]).toISOString()} to ${new Date(layout[0] + 2 ** layout[2] * layout[1] - 1).toISOString()}.`;
                }
                $("at-result").hidden = !!message;
                error.hidden = !message;
                error.textContent = message;
                if (message) return $("at-input").setAttribute("aria-invalid", "true");
                $("at-input").removeAttribute("aria-invalid");
                const id = BigInt(tick) << BigInt(layout[3]);
                set("a-decimal", id);
                set("a-base32", base32(id));
                set("a-hex", id.toString(16).padStart(16, "0"));
                set("a-layout", layoutNames[name]);
              }

              $("at-form").addEventListener("submit", (event) => {
                event.preventDefault();
                firstIDAt();
              });
              $("decode-form").addEventListener("submit", (event) => {
                event.preventDefault();
                decode();
              });
              $("make-form").addEventListener("submit", (event) => {
                event.preventDefault();
                make();
              });
              layoutSelect.addEventListener("change", () => {
                layoutChosen = true;
                if (!$("at-result").hidden) firstIDAt();
                if (!decodeResult.hidden) decode();
              });
              loadServer();
            })();
            </script>

            """#
    }
#endif
