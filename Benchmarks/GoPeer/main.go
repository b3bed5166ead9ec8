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
// GET /v1/id answers {"id":"<decimal>"}; GET /health answers {"status":"ok"}.
package main

import (
	"flag"
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
)

// generator issues IDs under a mutex; within a millisecond it counts the sequence, and when
// the sequence is spent it waits for the next millisecond.
type generator struct {
	mutex        sync.Mutex
	instance     int64
	lastTick     int64
	lastSequence int64
}

func (g *generator) next() int64 {
	g.mutex.Lock()
	defer g.mutex.Unlock()
	tick := time.Now().UnixMilli() - epochMilliseconds
	if tick < g.lastTick {
		tick = g.lastTick // a clock set back: stay on the last tick
	}
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
	mux.HandleFunc("/health", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"status":"ok"}`))
	})
	return mux
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
		case "/health":
			ctx.SetContentType("application/json")
			ctx.SetBodyString(`{"status":"ok"}`)
		default:
			ctx.Error(`{"error":"not_found"}`, fasthttp.StatusNotFound)
		}
	}
}
