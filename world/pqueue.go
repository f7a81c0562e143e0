package world

// pqueue is A10's queue as retail builds it [D: AC1Legacy::PQueueArray<double>
// Insert, RemoveMin, PQueueArray<double,void*>::_Heapify]: a binary min-heap
// of deadlines in a 1-based array. Equal deadlines are common (beds with one
// min_rate fired in one tick) and who pops first decides who draws which
// random numbers, so the tie behaviour is retail's, not creation order:
//   - Insert appends and sifts up while the key is STRICTLY below its parent's;
//   - RemoveMin moves the last node to the root and heapifies from 1;
//   - heapify takes the left child only if STRICTLY below the node, then the
//     right child only if STRICTLY below the smaller of the two; swap and go on.
type pqueue struct {
	a []*instance // a[0] unused: the root is a[1]
}

func (q *pqueue) len() int {
	if len(q.a) == 0 {
		return 0
	}
	return len(q.a) - 1
}

// min is the root (the earliest deadline); the queue must not be empty.
func (q *pqueue) min() *instance { return q.a[1] }

// insert is PQueueArray<double>::Insert(deadline, data); it marks in queued.
func (q *pqueue) insert(in *instance) {
	if len(q.a) == 0 {
		q.a = append(q.a, nil)
	}
	q.a = append(q.a, nil)
	i := len(q.a) - 1
	for i > 1 {
		p := i >> 1
		if !(in.deadline < q.a[p].deadline) {
			break
		}
		q.a[i] = q.a[p]
		i = p
	}
	q.a[i] = in
	in.onQueue = true
}

// removeMin is PQueueArray<double>::RemoveMin; it marks the node off the queue.
func (q *pqueue) removeMin() *instance {
	top := q.a[1]
	n := q.len()
	if n > 1 {
		q.a[1] = q.a[n]
	}
	q.a[n] = nil
	q.a = q.a[:n]
	q.heapify(1)
	top.onQueue = false
	return top
}

// heapify is _Heapify(root).
func (q *pqueue) heapify(i int) {
	n := q.len()
	for {
		l, r := 2*i, 2*i+1
		s := l
		if l > n || q.a[l].deadline >= q.a[i].deadline {
			s = i
		}
		if r <= n && q.a[r].deadline < q.a[s].deadline {
			s = r
		}
		if s == i {
			return
		}
		q.a[i], q.a[s] = q.a[s], q.a[i]
		i = s
	}
}
