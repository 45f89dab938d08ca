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

/// Input ranges. Finite is not enough: a finite but huge value (a velocity of DBL_MAX, a gravity
/// of 1e300) overflows inside one step. Every function that takes one of these quantities rejects
/// a value outside its range (message and ttResult_invalidArgument, world unchanged). The limits
/// apply to each component of a vector, and are the same for the double and the float build: they
/// leave room for the products the step forms (|v| dt, |g| dt^2, m |v|^2, distances squared) to
/// stay far inside float's range (3.4e38), while being far beyond any physical scene.
/// Positions (bodies, kinematic targets, load points, shape and joint frames, mass centres), m:
/// at 1e12 m doubles still resolve 0.1 mm.
#define TT_MAX_POSITION ( (ttReal)1.0e12 )
/// Linear velocity, m/s, also the velocity an impulse may leave.
#define TT_MAX_SPEED ( (ttReal)1.0e6 )
/// Angular velocity, rad/s (motor speeds too), also what an angular impulse may leave.
#define TT_MAX_ANGULAR_SPEED ( (ttReal)1.0e6 )
/// Gravity, m/s^2 (1e5 g), and |gravity scale| <= TT_MAX_GRAVITY_SCALE.
#define TT_MAX_GRAVITY ( (ttReal)1.0e6 )
#define TT_MAX_GRAVITY_SCALE ( (ttReal)1.0e6 )
/// Forces (N), torques (N m) and impulses (N s) passed to one call.
#define TT_MAX_FORCE ( (ttReal)1.0e15 )
/// Mass, kg, and principal inertia, kg m^2, of ttBody_SetMassData.
#define TT_MIN_MASS ( (ttReal)1.0e-9 )
#define TT_MAX_MASS ( (ttReal)1.0e15 )
#define TT_MIN_INERTIA ( (ttReal)1.0e-21 )
#define TT_MAX_INERTIA ( (ttReal)1.0e30 )
/// Shape sizes, m: radii, half extents, half heights, and the extent of a hull's points, within
/// [TT_MIN_SHAPE_SIZE, TT_MAX_SHAPE_SIZE]; capsule centres and hull points within
/// +-TT_MAX_SHAPE_SIZE of the shape origin; heightfield scales at most TT_MAX_SHAPE_SIZE; mesh
/// vertices, heightfield heights (scaled) and plane offsets within +-TT_MAX_POSITION. With the
/// density 0 (massless) or within [TT_MIN_DENSITY, TT_MAX_DENSITY] kg/m^3 (44 times osmium),
/// a shape's mass and inertia and their inverses stay finite in float too.
#define TT_MIN_SHAPE_SIZE ( (ttReal)1.0e-6 )
#define TT_MAX_SHAPE_SIZE ( (ttReal)1.0e6 )
#define TT_MIN_DENSITY ( (ttReal)1.0e-6 )
#define TT_MAX_DENSITY ( (ttReal)1.0e6 )
/// Time step of ttWorld_Step, s: 0 (nothing happens) or within [TT_MIN_TIME_STEP, TT_MAX_TIME_STEP].
/// Below 1 ns the substep's h^2 reaches float's denormals; above 10 s one step is no longer a
/// simulation step.
#define TT_MIN_TIME_STEP ( (ttReal)1.0e-9 )
#define TT_MAX_TIME_STEP ( (ttReal)10.0 )

/// Result of a call that can fail. Failures never change the world and are also reported
/// through the log function with a message that names the argument and what is wrong.
typedef enum ttResult
{
	ttResult_ok = 0,
	ttResult_invalidArgument, ///< NaN/infinite value, negative mass, zero-size shape, ...
	ttResult_invalidId,       ///< a null, stale or foreign id
	ttResult_outOfMemory,     ///< the allocator returned NULL
	ttResult_invalidState,    ///< the call is not allowed now (for example a plane on a dynamic body)
	ttResult_stepFailed,      ///< a step made a body state non-finite; the bodies were put back (ttWorld_Step)
	ttResult_ioError,         ///< a file could not be written (ttWorld_SaveScene); nothing was left behind
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
