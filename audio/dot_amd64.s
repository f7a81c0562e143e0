#include "textflag.h"

// func dot4x4AVX(a *dotLanes, x0, x1, x2, x3, c0, c1, c2, c3 *float64, n int)
//
// Four dot products of n taps (n a multiple of 4, n > 0). Y0..Y3 hold the
// four lane sums of products 0..3: lane q of Yk adds xk[j]·ck[j] for
// j ≡ q (mod 4) in increasing j — the order dot4x4Go uses. Each product is
// rounded by VMULPD before VADDPD adds it (no FMA), so the bits equal the
// portable kernel's. The four independent accumulators keep the adder busy.
TEXT ·dot4x4AVX(SB), NOSPLIT, $0-80
	MOVQ a+0(FP), DI
	MOVQ x0+8(FP), R8
	MOVQ x1+16(FP), R9
	MOVQ x2+24(FP), R10
	MOVQ x3+32(FP), R11
	MOVQ c0+40(FP), R12
	MOVQ c1+48(FP), R13
	MOVQ c2+56(FP), R14
	MOVQ c3+64(FP), SI
	MOVQ n+72(FP), CX
	SHLQ $3, CX          // bytes per row
	XORQ AX, AX          // byte offset of tap j
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3

loop:
	VMOVUPD (R8)(AX*1), Y4
	VMULPD  (R12)(AX*1), Y4, Y4
	VADDPD  Y4, Y0, Y0
	VMOVUPD (R9)(AX*1), Y5
	VMULPD  (R13)(AX*1), Y5, Y5
	VADDPD  Y5, Y1, Y1
	VMOVUPD (R10)(AX*1), Y6
	VMULPD  (R14)(AX*1), Y6, Y6
	VADDPD  Y6, Y2, Y2
	VMOVUPD (R11)(AX*1), Y7
	VMULPD  (SI)(AX*1), Y7, Y7
	VADDPD  Y7, Y3, Y3
	ADDQ    $32, AX
	CMPQ    AX, CX
	JLT     loop

	VMOVUPD Y0, 0(DI)
	VMOVUPD Y1, 32(DI)
	VMOVUPD Y2, 64(DI)
	VMOVUPD Y3, 96(DI)
	VZEROUPPER
	RET

// func dot4x2AVX(a *[8][4]float64, x0, x1, x2, x3, c0, c1, c2, c3 *float64, d, n int)
//
// Eight dot products of n taps (n a multiple of 4, n > 0): products 0..3 are
// xq·cq and products 4..7 are (xq + d bytes)·cq — both channels of a stereo
// frame share one row. Same lane order and rounding as dot4x4AVX; each
// row's four values are loaded once for both channels.
TEXT ·dot4x2AVX(SB), NOSPLIT, $0-88
	MOVQ a+0(FP), DI
	MOVQ x0+8(FP), R8
	MOVQ x1+16(FP), R9
	MOVQ x2+24(FP), R10
	MOVQ x3+32(FP), R11
	MOVQ c0+40(FP), R12
	MOVQ c1+48(FP), R13
	MOVQ c2+56(FP), R14
	MOVQ c3+64(FP), SI
	MOVQ d+72(FP), DX    // byte offset of tap j in the second channel
	MOVQ n+80(FP), CX
	SHLQ $3, CX
	XORQ AX, AX          // byte offset of tap j
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	VXORPD Y4, Y4, Y4
	VXORPD Y5, Y5, Y5
	VXORPD Y6, Y6, Y6
	VXORPD Y7, Y7, Y7

loop2:
	VMOVUPD (R12)(AX*1), Y8
	VMULPD  (R8)(AX*1), Y8, Y9
	VMULPD  (R8)(DX*1), Y8, Y10
	VADDPD  Y9, Y0, Y0
	VADDPD  Y10, Y4, Y4
	VMOVUPD (R13)(AX*1), Y11
	VMULPD  (R9)(AX*1), Y11, Y12
	VMULPD  (R9)(DX*1), Y11, Y13
	VADDPD  Y12, Y1, Y1
	VADDPD  Y13, Y5, Y5
	VMOVUPD (R14)(AX*1), Y8
	VMULPD  (R10)(AX*1), Y8, Y9
	VMULPD  (R10)(DX*1), Y8, Y10
	VADDPD  Y9, Y2, Y2
	VADDPD  Y10, Y6, Y6
	VMOVUPD (SI)(AX*1), Y11
	VMULPD  (R11)(AX*1), Y11, Y12
	VMULPD  (R11)(DX*1), Y11, Y13
	VADDPD  Y12, Y3, Y3
	VADDPD  Y13, Y7, Y7
	ADDQ    $32, AX
	ADDQ    $32, DX
	CMPQ    AX, CX
	JLT     loop2

	VMOVUPD Y0, 0(DI)
	VMOVUPD Y1, 32(DI)
	VMOVUPD Y2, 64(DI)
	VMOVUPD Y3, 96(DI)
	VMOVUPD Y4, 128(DI)
	VMOVUPD Y5, 160(DI)
	VMOVUPD Y6, 192(DI)
	VMOVUPD Y7, 224(DI)
	VZEROUPPER
	RET
