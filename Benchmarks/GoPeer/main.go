// The Go peers of `miniflake serve`, what a Go team would write: a mutex-guarded Snowflake
// generator with MiniFlake's layout (41 bits of milliseconds since 2018-03-01 UTC, 12-bit
// sequence, 10-bit instance in the lowest bits) behind net/http from the standard library
// (-http net) or behind valyala/fasthttp (-http fast), the fastest HTTP stack a Go team would
// reasonably pick. Benchmarks/compare-go.sh builds it and runs both beside `miniflake serve`
// under the same load. It builds offline in GOPATH mode, with fasthttp from Debian's
// golang-github-valyala-fasthttp-dev:
//
//	GOPATH=/usr/share/gocode GO111MODULE=off go build -o gopeer .
//	./gopeer -http fast -addr 127.0.0.1:8080 -instance 1
//
// GET /v1/id answers {"id":"<decimal>"}; GET /v1/ids?count=N answers {"ids":["<decimal>",...]}
// with N consecutive IDs made under one lock, or a 400 with miniflake's codes for a count that is
// missing or not a whole number (invalid_count) or outside 1...10000 (count_out_of_range); GET /health
// answers {"status":"ok"}.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/valyala/fasthttp"
)

const (
	epochMilliseconds = 1519862400000 // 2018-03-01T00:00:00Z
	sequenceBits      = 12
	instanceBits      = 10
	maximumSequence   = 1<<sequenceBits - 1
	maximumBatch      = 10000 // as `miniflake serve` without --max-batch
)

// generator issues IDs under a mutex; within a millisecond it counts the sequence, and when
// the sequence is spent it waits for the next millisecond.
type generator struct {
	mutex        sync.Mutex
	instance     int64
	lastTick     int64
	lastSequence int64
}

// next issues one ID.
func (g *generator) next() int64 {
	g.mutex.Lock()
	defer g.mutex.Unlock()
	return g.issue(g.tick())
}

// nextBatch appends count consecutive IDs to ids under one acquisition of the mutex; the clock
// is read once, and again only to wait when a millisecond's sequence is spent.
func (g *generator) nextBatch(ids []int64, count int) []int64 {
	g.mutex.Lock()
	defer g.mutex.Unlock()
	tick := g.tick()
	for i := 0; i < count; i++ {
		ids = append(ids, g.issue(tick))
		tick = g.lastTick // after a wait for the next millisecond, go on in it
	}
	return ids
}

// tick reads the clock in milliseconds since the epoch; a clock set back stays on the last
// tick. The caller holds the mutex.
func (g *generator) tick() int64 {
	tick := time.Now().UnixMilli() - epochMilliseconds
	if tick < g.lastTick {
		tick = g.lastTick // a clock set back: stay on the last tick
	}
	return tick
}

// issue makes the ID after the last one, at tick (no earlier than the last tick): the next
// sequence number of the tick, or sequence 0 of the next millisecond, waited for, when the
// tick's sequence is spent. The caller holds the mutex.
func (g *generator) issue(tick int64) int64 {
	if tick == g.lastTick {
		g.lastSequence++
		if g.lastSequence > maximumSequence {
			for tick <= g.lastTick {
				tick = time.Now().UnixMilli() - epochMilliseconds
			}
			g.lastSequence = 0
		}
	} else {
		g.lastSequence = 0
	}
	g.lastTick = tick
	return tick<<(sequenceBits+instanceBits) | g.lastSequence<<instanceBits | g.instance
}

func main() {
	address := flag.String("addr", "127.0.0.1:8080", "the address to listen on")
	instance := flag.Int64("instance", 1, "the instance number, 0 to 1023")
	stack := flag.String("http", "net", "the HTTP stack: net (net/http) or fast (valyala/fasthttp)")
	flag.Parse()
	if *instance < 0 || *instance > 1023 {
		log.Fatalf("the instance number must be in 0...1023, not %d", *instance)
	}
	ids := &generator{instance: *instance, lastTick: -1}
	log.Printf("listening on %s (%s)", *address, *stack)
	switch *stack {
	case "net":
		log.Fatal(http.ListenAndServe(*address, netHandler(ids)))
	case "fast":
		log.Fatal(fasthttp.ListenAndServe(*address, fastHandler(ids)))
	default:
		log.Fatalf("-http is net or fast, not %q", *stack)
	}
}

// idBody is the body of GET /v1/id: {"id":"<decimal>"}.
func idBody(id int64) []byte {
	body := make([]byte, 0, 32)
	body = append(body, `{"id":"`...)
	body = strconv.AppendInt(body, id, 10)
	return append(body, `"}`...)
}

// idsBody is the body of GET /v1/ids: {"ids":["<decimal>",...]}.
func idsBody(ids []int64) []byte {
	body := make([]byte, 0, len(ids)*22+16)
	body = append(body, `{"ids":[`...)
	for i, id := range ids {
		if i > 0 {
			body = append(body, ',')
		}
		body = append(body, '"')
		body = strconv.AppendInt(body, id, 10)
		body = append(body, '"')
	}
	return append(body, "]}"...)
}

// batchCount reads the count of GET /v1/ids: a whole number in 1...maximumBatch. It returns
// the count, or the body of the 400 that refuses it, with miniflake's codes.
func batchCount(text string) (int, []byte) {
	count, err := strconv.Atoi(text)
	if err != nil {
		message := fmt.Sprintf("invalid count: %q is not a whole number; give count=1...%d", text, maximumBatch)
		return 0, errorBody("invalid_count", message)
	}
	if count < 1 || count > maximumBatch {
		return 0, errorBody("count_out_of_range", fmt.Sprintf("count %d is out of range 1...%d", count, maximumBatch))
	}
	return count, nil
}

// errorBody is miniflake's error body: {"error":{"code":"...","message":"..."}}.
func errorBody(code, message string) []byte {
	body, _ := json.Marshal(map[string]map[string]string{"error": {"code": code, "message": message}})
	return body
}

// netHandler serves the routes with net/http.
func netHandler(ids *generator) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/v1/id", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet {
			w.Header().Set("Allow", "GET")
			http.Error(w, `{"error":"method_not_allowed"}`, http.StatusMethodNotAllowed)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(idBody(ids.next()))
	})
	mux.HandleFunc("/v1/ids", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.Method != http.MethodGet {
			w.Header().Set("Allow", "GET")
			w.WriteHeader(http.StatusMethodNotAllowed)
			w.Write(methodNotAllowedBody(r.Method))
			return
		}
		count, refusal := batchCount(r.URL.Query().Get("count"))
		if refusal != nil {
			w.WriteHeader(http.StatusBadRequest)
			w.Write(refusal)
			return
		}
		w.Write(idsBody(ids.nextBatch(make([]int64, 0, count), count)))
	})
	mux.HandleFunc("/health", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"status":"ok"}`))
	})
	return mux
}

// methodNotAllowedBody is miniflake's 405 body for GET /v1/ids asked with another method.
func methodNotAllowedBody(method string) []byte {
	return errorBody("method_not_allowed", "method "+method+" is not allowed here; use GET")
}

// fastHandler serves the same routes with fasthttp.
func fastHandler(ids *generator) fasthttp.RequestHandler {
	return func(ctx *fasthttp.RequestCtx) {
		switch string(ctx.Path()) {
		case "/v1/id":
			if !ctx.IsGet() {
				ctx.Response.Header.Set("Allow", "GET")
				ctx.Error(`{"error":"method_not_allowed"}`, fasthttp.StatusMethodNotAllowed)
				return
			}
			ctx.SetContentType("application/json")
			ctx.SetBody(idBody(ids.next()))
		case "/v1/ids":
			ctx.SetContentType("application/json")
			if !ctx.IsGet() {
				ctx.Response.Header.Set("Allow", "GET")
				ctx.SetStatusCode(fasthttp.StatusMethodNotAllowed)
				ctx.SetBody(methodNotAllowedBody(string(ctx.Method())))
				return
			}
			count, refusal := batchCount(string(ctx.QueryArgs().Peek("count")))
			if refusal != nil {
				ctx.SetStatusCode(fasthttp.StatusBadRequest)
				ctx.SetBody(refusal)
				return
			}
			ctx.SetBody(idsBody(ids.nextBatch(make([]int64, 0, count), count)))
		case "/health":
			ctx.SetContentType("application/json")
			ctx.SetBodyString(`{"status":"ok"}`)
		default:
			ctx.Error(`{"error":"not_found"}`, fasthttp.StatusNotFound)
		}
	}
}
