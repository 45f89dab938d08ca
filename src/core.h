// SPDX-License-Identifier: MIT
// Internal infrastructure: allocation through the user's hook and error reporting.
#pragma once

#include "tether/base.h"

void* ttAlloc( size_t size );
/// Like realloc, through the allocation hook; copies oldSize bytes.
void* ttGrow( void* memory, size_t oldSize, size_t newSize );
void ttFree( void* memory );
/// Grow an array of `itemSize`-byte elements to hold `needed` (capacity at least doubles, from
/// 16); false when memory runs out, and then the array is unchanged.
bool ttReserve( void** array, int* capacity, int needed, size_t itemSize );

/// Formats "tether: <function>: <message>" and passes it to the log function.
void ttReportError( const char* function, const char* format, ... )
#if defined( __GNUC__ )
    __attribute__( ( format( printf, 2, 3 ) ) )
#endif
    ;

/// Monotonic clock for the step statistics.
double ttNowMilliseconds( void );

#define TT_ERROR( ... ) ttReportError( __func__, __VA_ARGS__ )
