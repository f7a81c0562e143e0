package pool

import (
	"context"
	"errors"
	"iter"
	"slices"
	"sync"
	"testing"
	"time"

	"soundworld/internal/crash"
)

// Every job runs once, each worker sees its jobs in increasing order, and
// results stored by job index come out in job order.
func TestRun_EveryJobOnceInOrder(t *testing.T) {
	const n = 1000
	out := make([]int, n)
	var mu sync.Mutex
	var seen []int
	err := Run(context.Background(), 4, n, func(jobs iter.Seq[int]) {
		var mine []int
		for j := range jobs {
			out[j] = j * j
			mine = append(mine, j)
		}
		if !slices.IsSorted(mine) {
			t.Errorf("a worker got its jobs out of order: %v", mine)
		}
		mu.Lock()
		seen = append(seen, mine...) // after the last job: a worker's merge
		mu.Unlock()
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(seen)
	for i := range n {
		if out[i] != i*i {
			t.Fatalf("out[%d] = %d, want %d", i, out[i], i*i)
		}
		if seen[i] != i {
			t.Fatalf("job %d: ran %v times", i, slices.Index(seen, i))
		}
	}
	if len(seen) != n {
		t.Fatalf("%d jobs ran, want %d", len(seen), n)
	}
}

// A worker's panic comes back on the caller as a *crash.Bug with its value,
// after every other job has been taken (no goroutine left blocked).
func TestRun_PanicCarriedToCaller(t *testing.T) {
	var mu sync.Mutex
	ran := 0
	got := func() (r any) {
		defer func() { r = recover() }()
		Run(context.Background(), 3, 200, func(jobs iter.Seq[int]) {
			for j := range jobs {
				if j == 17 {
					panic("job 17 broke")
				}
				mu.Lock()
				ran++
				mu.Unlock()
			}
		})
		return nil
	}()
	b, ok := got.(*crash.Bug)
	if !ok {
		t.Fatalf("Run raised %#v, want a *crash.Bug", got)
	}
	if b.Value != "job 17 broke" || len(b.Stack) == 0 {
		t.Fatalf("bug %v with %d stack bytes, want the worker's value and stack", b.Value, len(b.Stack))
	}
	if ran > 199 {
		t.Fatalf("%d jobs ran besides the panicking one, want at most 199", ran)
	}
}

// A cancelled context stops the hand-out: Run returns its error and the jobs
// not handed out never run. Zero workers still means one.
func TestRun_Cancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	ran := 0
	err := Run(ctx, 0, 100, func(jobs iter.Seq[int]) {
		for j := range jobs {
			ran++
			if j == 9 {
				cancel()
			}
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if ran < 10 || ran > 11 { // job 10 may already be on its way when the cancel lands
		t.Fatalf("%d jobs ran, want 10 (11 at most)", ran)
	}

	ran = 0
	if err := Run(ctx, 2, 100, func(jobs iter.Seq[int]) {
		for range jobs {
			ran++
		}
	}); !errors.Is(err, context.Canceled) || ran != 0 {
		t.Fatalf("already cancelled: err %v, %d jobs ran; want context.Canceled, 0", err, ran)
	}
}

// A worker that stops ranging early does not block the others or the feeder.
func TestRun_WorkerStopsEarly(t *testing.T) {
	done := make(chan error)
	go func() {
		done <- Run(context.Background(), 2, 50, func(jobs iter.Seq[int]) {
			for range jobs {
				break
			}
		})
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run hung after its workers stopped ranging")
	}
}
