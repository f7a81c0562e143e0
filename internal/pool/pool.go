// Package pool is the libraries' one worker pool: jobs handed out in order to
// a fixed number of goroutines, stopped early by a context, with a worker's
// panic (a bug) carried back to the caller as internal/crash's contract asks.
package pool

import (
	"context"
	"iter"
	"sync"

	"soundworld/internal/crash"
)

// Run hands the jobs 0 … n−1 out in increasing order to max(1, workers)
// goroutines. Each goroutine calls work once with the sequence of the job
// indices it takes, so work can keep state across its jobs and do something
// after its last one (merge its counts); results written by job index come
// out in job order whatever worker ran them. When ctx is done no more jobs
// are handed out, the workers finish the ones they hold and Run returns
// ctx.Err(). A worker's panic stops that worker, which then drains
// the feed so the others and the feeder finish; once all have stopped, Run
// panics on the caller's goroutine with a *crash.Bug holding the first
// panic's value and the worker's stack (the caller's crash.Recover reports
// it).
func Run(ctx context.Context, workers, n int, work func(jobs iter.Seq[int])) error {
	next := make(chan int)
	var wg sync.WaitGroup
	var carry crash.Carry
	for range max(1, workers) {
		wg.Go(func() {
			defer func() {
				for range next { // a panicked worker drains the feed
				}
			}()
			defer carry.Catch()
			work(func(yield func(int) bool) {
				for j := range next {
					if !yield(j) {
						return
					}
				}
			})
		})
	}
	var err error
feed:
	for j := range n {
		if err = ctx.Err(); err != nil {
			break
		}
		select {
		case next <- j:
		case <-ctx.Done():
			err = ctx.Err()
			break feed
		}
	}
	close(next)
	wg.Wait()
	carry.Raise()
	return err
}
