// SPDX-License-Identifier: MIT
// tether: base definitions shared by every public header.
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
#define TT_API extern "C"
#else
#define TT_API
#endif

/// The real type of the whole library, chosen at build time. Doubles are the default because
/// XPBD with many substeps moves bodies by very small amounts per substep (the paper, section 5,
/// says doubles are required); the float build exists for memory-bound users and is tested too.
#if defined( TT_USE_FLOAT )
typedef float ttReal;
#define TT_REAL_IS_FLOAT 1
#else
typedef double ttReal;
#define TT_REAL_IS_FLOAT 0
#endif

#define TT_PI ( (ttReal)3.14159265358979323846 )

/// A value larger than any force, torque or distance a scene will use: "unlimited".
#define TT_HUGE ( (ttReal)1.0e30 )

/// Result of a call that can fail. Failures never change the world and are also reported
/// through the log function with a message that names the argument and what is wrong.
typedef enum ttResult
{
	ttResult_ok = 0,
	ttResult_invalidArgument, ///< NaN/infinite value, negative mass, zero-size shape, ...
	ttResult_invalidId,       ///< a null, stale or foreign id
	ttResult_outOfMemory,     ///< the allocator returned NULL
	ttResult_invalidState,    ///< the call is not allowed now (for example a plane on a dynamic body)
} ttResult;

/// Memory hooks. The library allocates only through these (default: malloc/free).
typedef void* ttAllocFcn( size_t size );
typedef void ttFreeFcn( void* memory );

/// Replace the allocator. Call before creating any world.
TT_API void ttSetAllocator( ttAllocFcn* allocFcn, ttFreeFcn* freeFcn );

/// Log hook: receives every error message (default: prints to stderr).
typedef void ttLogFcn( const char* message );

/// Replace the log function; NULL restores the default.
TT_API void ttSetLogFcn( ttLogFcn* logFcn );

/// The log function set by ttSetLogFcn (NULL for the default).
TT_API ttLogFcn* ttGetLogFcn( void );

/// A short name for a result code, for messages.
TT_API const char* ttResultName( ttResult result );

/// Version of the library.
typedef struct ttVersion
{
	int major, minor, revision;
} ttVersion;

TT_API ttVersion ttGetVersion( void );
