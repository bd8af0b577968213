/* A stand-in for Windows' bcryptprimitives.dll, for Wine 8 only (Debian 12's), which lacks it.
 * Rust's standard library asks it for random bytes (ProcessPrng, present on Windows 10 and later,
 * and in Wine from 9.0). tools/windows-check.sh builds this with MinGW and puts it in the system
 * folder of its own throwaway Wine prefix; nothing of it ships. It answers from RtlGenRandom
 * (advapi32's SystemFunction036), which Wine has. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
