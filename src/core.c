// SPDX-License-Identifier: MIT
// clock_gettime is POSIX, not C17.
#define _POSIX_C_SOURCE 199309L

#include "core.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// The allocator and log hooks are the library's only process-wide settings (see DESIGN.md).
static ttAllocFcn* s_allocFcn = NULL;
static ttFreeFcn* s_freeFcn = NULL;
static ttLogFcn* s_logFcn = NULL;

void ttSetAllocator( ttAllocFcn* allocFcn, ttFreeFcn* freeFcn )
{
	s_allocFcn = allocFcn;
	s_freeFcn = freeFcn;
}

void ttSetLogFcn( ttLogFcn* logFcn )
{
	s_logFcn = logFcn;
}

ttLogFcn* ttGetLogFcn( void )
{
	return s_logFcn;
}

void* ttAlloc( size_t size )
{
	if ( size == 0 )
	{
		size = 1;
	}
	return s_allocFcn != NULL ? s_allocFcn( size ) : malloc( size );
}

void ttFree( void* memory )
{
	if ( memory == NULL )
	{
		return;
	}
	if ( s_freeFcn != NULL )
	{
		s_freeFcn( memory );
	}
	else
	{
		free( memory );
	}
}

bool ttReserve( void** array, int* capacity, int needed, size_t itemSize )
{
	if ( needed <= *capacity )
	{
		return true;
	}
	int next = *capacity < 16 ? 16 : *capacity;
	while ( next < needed )
	{
		next *= 2;
	}
	void* grown = ttGrow( *array, itemSize * (size_t)*capacity, itemSize * (size_t)next );
	if ( grown == NULL )
	{
		return false;
	}
	*array = grown;
	*capacity = next;
	return true;
}

void* ttGrow( void* memory, size_t oldSize, size_t newSize )
{
	void* result = ttAlloc( newSize );
	if ( result == NULL )
	{
		return NULL;
	}
	if ( memory != NULL && oldSize > 0 )
	{
		memcpy( result, memory, oldSize < newSize ? oldSize : newSize );
	}
	ttFree( memory );
	return result;
}

void ttReportError( const char* function, const char* format, ... )
{
	char message[512];
	int prefix = snprintf( message, sizeof( message ), "tether: %s: ", function );
	if ( prefix < 0 || prefix >= (int)sizeof( message ) )
	{
		prefix = 0;
	}
	va_list args;
	va_start( args, format );
	vsnprintf( message + prefix, sizeof( message ) - (size_t)prefix, format, args );
	va_end( args );

	if ( s_logFcn != NULL )
	{
		s_logFcn( message );
	}
	else
	{
		fprintf( stderr, "%s\n", message );
	}
}

const char* ttResultName( ttResult result )
{
	switch ( result )
	{
		case ttResult_ok:
			return "ok";
		case ttResult_invalidArgument:
			return "invalid argument";
		case ttResult_invalidId:
			return "invalid id";
		case ttResult_outOfMemory:
			return "out of memory";
		case ttResult_invalidState:
			return "invalid state";
		case ttResult_stepFailed:
			return "step failed";
		case ttResult_ioError:
			return "input/output error";
	}
	return "unknown result";
}

ttVersion ttGetVersion( void )
{
	return ( ttVersion ){ 0, 1, 0 };
}

double ttNowMilliseconds( void )
{
	struct timespec t;
	clock_gettime( CLOCK_MONOTONIC, &t );
	return 1e3 * (double)t.tv_sec + 1e-6 * (double)t.tv_nsec;
}
