// The fastest Go peer for `miniflake serve` that a Go team would reasonably pick:
// valyala/fasthttp (Debian's golang-github-valyala-fasthttp-dev, built offline in GOPATH mode)
// and the same mutex-guarded Snowflake generator as Benchmarks/GoPeer, with MiniFlake's layout.
// Benchmarks/compare-go.sh builds it and runs it beside `miniflake serve` and the net/http peer.
//
//	GOPATH=/usr/share/gocode GO111MODULE=off go build -o gofastpeer .
//	./gofastpeer -addr 127.0.0.1:8080 -instance 3
//
// GET /v1/id answers {"id":"<decimal>"}; GET /health answers {"status":"ok"}.
package main

import (
	"flag"
	"log"
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
	instance := flag.Int64("instance", 3, "the instance number, 0 to 1023")
	flag.Parse()
	if *instance < 0 || *instance > 1023 {
		log.Fatalf("the instance number must be in 0...1023, not %d", *instance)
	}
	ids := &generator{instance: *instance, lastTick: -1}

	handler := func(ctx *fasthttp.RequestCtx) {
		switch string(ctx.Path()) {
		case "/v1/id":
			if !ctx.IsGet() {
				ctx.Response.Header.Set("Allow", "GET")
				ctx.Error(`{"error":"method_not_allowed"}`, fasthttp.StatusMethodNotAllowed)
				return
			}
			body := make([]byte, 0, 32)
			body = append(body, `{"id":"`...)
			body = strconv.AppendInt(body, ids.next(), 10)
			body = append(body, `"}`...)
			ctx.SetContentType("application/json")
			ctx.SetBody(body)
		case "/health":
			ctx.SetContentType("application/json")
			ctx.SetBodyString(`{"status":"ok"}`)
		default:
			ctx.Error(`{"error":"not_found"}`, fasthttp.StatusNotFound)
		}
	}
	log.Printf("listening on %s", *address)
	log.Fatal(fasthttp.ListenAndServe(*address, handler))
}
