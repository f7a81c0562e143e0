/*
 * bcryptprimitives.c — a stand-in for Windows' bcryptprimitives.dll, for
 * running the Windows builds under Debian's wine 8 (scripts/windows-run.sh).
 *
 * Go 1.26's runtime loads bcryptprimitives.dll at start for ProcessPrng, its
 * source of random bytes; wine 8.0 does not ship that DLL, so every Go
 * program dies before main. This one exports only ProcessPrng and fills the
 * buffer from RtlGenRandom (advapi32's SystemFunction036), which wine has.
 * Never shipped to users: real Windows has the DLL.
 *
 * Build: x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll
 *        bcryptprimitives.c -ladvapi32
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
	/* RtlGenRandom takes a ULONG length: fill in chunks. */
	while (length > 0) {
		ULONG n = length > 0x40000000 ? 0x40000000 : (ULONG)length;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		length -= n;
	}
	return TRUE;
}
