// A Go peer for `miniflake serve`, what a Go team would write: net/http from the standard
// library and a mutex-guarded Snowflake generator with MiniFlake's layout (41 bits of
// milliseconds since 2018-03-01 UTC, 12-bit sequence, 10-bit instance in the lowest bits).
// Benchmarks/compare-go.sh builds it and runs it beside `miniflake serve` under the same load.
//
//	go run . -addr 127.0.0.1:8080 -instance 1
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
	flag.Parse()
	if *instance < 0 || *instance > 1023 {
		log.Fatalf("the instance number must be in 0...1023, not %d", *instance)
	}
	ids := &generator{instance: *instance, lastTick: -1}

	mux := http.NewServeMux()
	mux.HandleFunc("/v1/id", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet {
			w.Header().Set("Allow", "GET")
			http.Error(w, `{"error":"method_not_allowed"}`, http.StatusMethodNotAllowed)
			return
		}
		body := make([]byte, 0, 32)
		body = append(body, `{"id":"`...)
		body = strconv.AppendInt(body, ids.next(), 10)
		body = append(body, `"}`...)
		w.Header().Set("Content-Type", "application/json")
		w.Write(body)
	})
	mux.HandleFunc("/health", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"status":"ok"}`))
	})
	log.Printf("listening on %s", *address)
	log.Fatal(http.ListenAndServe(*address, mux))
}
