// SPDX-License-Identifier: MIT
// What the Python package needs from its shared library beyond tether's own API: the real type
// it was built with and the sizes of the structs, so that the hand-written declarations of
// tether/_cdef.py are checked against the compiler's layout when the package loads.
#pragma once

#include <stddef.h>

/// sizeof(ttReal): 8 (double) or 4 (float builds).
int ttPython_RealSize( void );
/// sizeof of the public struct of that name (ttWorldDef, ttBodyState, ...), 0 for other names.
size_t ttPython_SizeOf( const char* name );
