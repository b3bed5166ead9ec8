#if Server
    import Hummingbird

    /// The ID inspector that `GET /` serves: one self-contained HTML page (markup, styles and
    /// script inline; nothing fetched from elsewhere, so it works offline) that decodes pasted IDs
    /// (or their version-7 UUIDs) through `GET /v1/ids/{id}?layout=NAME`, shows each ID's UUID, and makes new ones through `GET /v1/ids?count=N`.
    /// It calls them below its own path (`/ids/v1/...` when served at `/ids`), so that it works
    /// wherever ``FlakeRoutes`` are mounted.
    ///
    /// "The first ID at a moment" is worked out in the page, from its own table of the preset
    /// layouts, and checked against the shared vectors by the browser test.
    ///
    /// Hex IDs are converted to decimal in the page (with `BigInt`) before they are sent: the
    /// route itself reads only decimal, base32 and UUIDs. The page's rules for pasted text:
    /// all digits is decimal; 32 hex digits grouped 8-4-4-4-12 is a UUID, sent as it is; 13
    /// base32 symbols (hyphens aside) is base32; `0x` and 1 to 16 hex digits, or exactly 16 hex
    /// digits, is hex; anything else is refused with a message.
    ///
    /// Each response gets a fresh nonce, which the `<style>` and `<script>` elements carry and the
    /// Content-Security-Policy names: nothing else may run, style, connect or load.
    enum InspectorPage {
        /// What the page's `<style>` and `<script>` elements hold in place of the nonce.
        static let noncePlaceholder = "__CSP_NONCE__"

        /// The page, its nonce placeholders included.
        static let html = markup + script + "</body>\n</html>\n"

        /// The page cut at each nonce placeholder, once.
        static let pieces: [Substring] = html.split(separator: noncePlaceholder, omittingEmptySubsequences: false)

        /// The page with a nonce in place of each placeholder, with its HTML and security headers.
        static func response(nonce: String = makeNonce()) -> Response {
            var body = ByteBuffer()
            body.reserveCapacity(html.utf8.count + pieces.count * nonce.utf8.count)
            for (index, piece) in pieces.enumerated() {
                if index > 0 {
                    body.writeString(nonce)
                }
                body.writeSubstring(piece)
            }
            let headers: HTTPFields = [
                .contentType: "text/html; charset=utf-8",
                .contentSecurityPolicy: contentSecurityPolicy(nonce: nonce),
                .xContentTypeOptions: "nosniff",
                .cacheControl: "no-store",
            ]
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
        }

        /// The policy: inline style and script only with this response's nonce, requests to
        /// this server only, no plug-ins, frames, form posts or base URL.
        static func contentSecurityPolicy(nonce: String) -> String {
            "default-src 'none'; script-src 'nonce-\(nonce)'; style-src 'nonce-\(nonce)'; connect-src 'self'; "
                + "img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        }

        /// 128 random bits as 32 lower-case hex digits (a valid CSP nonce).
        static func makeNonce() -> String {
            var generator = SystemRandomNumberGenerator()
            var text = ""
            for _ in 0..<2 {
                let word = String(generator.next() as UInt64, radix: 16)
                text += String(repeating: "0", count: 16 - word.count) + word
            }
            return text
        }

        /// The head, the styles and the body's markup; ``script`` follows.
        private static let markup = #"""
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>MiniFlake ID inspector</title>
            <link rel="icon" href="data:,">
            <style nonce="__CSP_NONCE__">
            :root { color-scheme: light dark; --fg: #1b1f24; --bg: #f4f5f7; --card: #fff; --muted: #555f6b;
              --line: #c9d1d9; --accent: #0b57d0; --on-accent: #fff; --error: #a4241b; --error-bg: #fdeceb; }
            @media (prefers-color-scheme: dark) {
              :root { --fg: #e6e8eb; --bg: #15171a; --card: #1f2227; --muted: #a2acb7; --line: #3b4048;
                --accent: #8ab4f8; --on-accent: #0b1a33; --error: #f4b9b4; --error-bg: #3c1f1d; }
            }
            * { box-sizing: border-box; }
            body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
              color: var(--fg); background: var(--bg); }
            main { max-width: 46rem; margin: 0 auto; padding: 1.5rem 1rem 2.5rem; }
            h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
            h2 { font-size: 1.1rem; margin: 0 0 .75rem; }
            .lead { margin: 0 0 1.25rem; color: var(--muted); }
            section { background: var(--card); border: 1px solid var(--line); border-radius: .5rem;
              padding: 1rem 1.25rem 1.25rem; margin-bottom: 1rem; }
            .row { display: flex; flex-wrap: wrap; gap: .75rem; align-items: flex-end; }
            .field { display: flex; flex-direction: column; gap: .25rem; }
            .grow { flex: 1 1 16rem; }
            label { font-weight: 600; font-size: .9rem; }
            .hint { font-size: .85rem; color: var(--muted); margin: .6rem 0 0; }
            input, select, button { font: inherit; padding: .45rem .6rem; border: 1px solid var(--line);
              border-radius: .375rem; background: var(--bg); color: var(--fg); height: 2.5rem; }
            code, .mono, #id-input, dd, #made { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
            #count { width: 7rem; }
            button { background: var(--accent); border-color: var(--accent); color: var(--on-accent);
              font-weight: 600; cursor: pointer; }
            :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
            [aria-invalid="true"] { border-color: var(--error); }
            dl { display: grid; grid-template-columns: max-content 1fr; gap: .3rem 1.25rem; margin: 1rem 0 0; }
            dt { color: var(--muted); }
            dd { margin: 0; overflow-wrap: anywhere; }
            .error { margin: 1rem 0 0; padding: .6rem .8rem; border-radius: .375rem; border: 1px solid var(--error);
              color: var(--error); background: var(--error-bg); }
            .status { margin: 1rem 0 0; color: var(--muted); }
            #made { margin: .5rem 0 0; padding-left: 2.5rem; }
            #made button { background: none; border: 0; padding: .1rem .25rem; color: var(--accent); height: auto;
              font: inherit; font-weight: normal; text-decoration: underline; }
            [hidden] { display: none !important; }
            </style>
            </head>
            <body>
            <main>
            <h1>MiniFlake ID inspector</h1>
            <p class="lead">Take an ID apart, or make new ones. This page talks only to this server.</p>

            <section aria-labelledby="decode-heading">
            <h2 id="decode-heading">Decode an ID</h2>
            <form id="decode-form" novalidate>
            <div class="row">
            <div class="field grow"><label for="id-input">ID</label>
            <input id="id-input" name="id" type="text" autocomplete="off" autocapitalize="off" spellcheck="false"
              aria-describedby="id-hint decode-error" autofocus></div>
            <div class="field"><label for="layout">Layout</label>
            <select id="layout" name="layout">
            <option value="miniflake">MiniFlake</option>
            <option value="twitter">Twitter</option>
            <option value="discord">Discord</option>
            <option value="sonyflake">Sonyflake</option>
            <option value="js53">JavaScript-safe (js53)</option>
            </select></div>
            <button id="decode-button" type="submit">Decode</button>
            </div>
            <p id="id-hint" class="hint">Decimal (<code>960471290085376007</code>), base32: 13 symbols
            (<code>0TN2-7HJQ-80007</code>), hex: 16 digits or <code>0x</code> and up to 16
            (<code>0x0d54478cae800007</code>), or the ID's version-7 UUID, which names its own layout
            (<code>01972ff9-f6ba-71aa-a23c-65740000382f</code>). Enter decodes.</p>
            </form>
            <p id="decode-error" class="error" role="alert" hidden></p>
            <div id="decode-output" aria-live="polite">
            <dl id="decode-result" hidden>
            <dt>Time (UTC)</dt><dd id="r-utc"></dd>
            <dt>Local time</dt><dd id="r-local"></dd>
            <dt>Age</dt><dd id="r-age"></dd>
            <dt>Milliseconds since 1970</dt><dd id="r-ms"></dd>
            <dt>Sequence</dt><dd id="r-sequence"></dd>
            <dt>Instance</dt><dd id="r-instance"></dd>
            <dt>Decimal</dt><dd id="r-decimal"></dd>
            <dt>Base32</dt><dd id="r-base32"></dd>
            <dt>Hex</dt><dd id="r-hex"></dd>
            <dt>UUID (version 7)</dt><dd id="r-uuid"></dd>
            <dt>Layout</dt><dd id="r-layout"></dd>
            <dt>Read as</dt><dd id="r-read"></dd>
            </dl>
            </div>
            </section>

            <section aria-labelledby="make-heading">
            <h2 id="make-heading">Make new IDs</h2>
            <form id="make-form" novalidate>
            <div class="row">
            <div class="field"><label for="count">How many</label>
            <input id="count" name="count" type="number" min="1" max="1000" value="5" inputmode="numeric"
              aria-describedby="make-hint make-error"></div>
            <button id="make-button" type="submit">Make IDs</button>
            </div>
            <p id="make-hint" class="hint">1 to 1000, from this server's generator (layout
            <span id="server-layout">…</span>, instance <span id="server-instance">…</span>).
            Choose an ID to decode it.</p>
            </form>
            <p id="make-error" class="error" role="alert" hidden></p>
            <p id="make-status" class="status" role="status" aria-live="polite"></p>
            <ol id="made" hidden></ol>
            </section>

            <section aria-labelledby="at-heading">
            <h2 id="at-heading">The first ID at a moment</h2>
            <form id="at-form" novalidate>
            <div class="row">
            <div class="field grow"><label for="at-input">Moment (ISO 8601)</label>
            <input id="at-input" name="at" type="text" autocomplete="off" spellcheck="false"
              placeholder="2026-03-01T00:00:00Z" aria-describedby="at-hint at-error"></div>
            <button id="at-button" type="submit">Find</button>
            </div>
            <p id="at-hint" class="hint">The smallest ID of that moment's tick in the layout chosen above: IDs
            made from then on are at least this one, so <code>id &gt;= A AND id &lt; B</code> selects an
            interval. A date alone is midnight; no zone is UTC. Worked out in this page.</p>
            </form>
            <p id="at-error" class="error" role="alert" hidden></p>
            <div aria-live="polite">
            <dl id="at-result" hidden>
            <dt>Decimal</dt><dd id="a-decimal"></dd>
            <dt>Base32</dt><dd id="a-base32"></dd>
            <dt>Hex</dt><dd id="a-hex"></dd>
            <dt>Layout</dt><dd id="a-layout"></dd>
            </dl>
            </div>
            </section>
            </main>

            """#
    }
#endif
