package audio

// portableKernel runs f with the portable kernel (dot4x4Go) in place of the
// AVX one, for the tests that compare the two and the benchmark.
func portableKernel(f func()) {
	was := useAVX
	useAVX = false
	defer func() { useAVX = was }()
	f()
}

// haveAsmKernel reports whether an assembly kernel runs on this machine.
func haveAsmKernel() bool { return useAVX }
