// SPDX-License-Identifier: MIT
// Helpers shared by the validation tests (tests/test_fig*.c, tests/test_analytic_*.c): load a
// scene from scenes/, look bodies and joints up by name (a missing one is a failed test, not a
// crash), step the world at the paper's 1/60 s frame.
#pragma once

#include "../tools/scene.h"
#include "test_macros.h"

#include <stdlib.h>

/// Every test steps the world at the paper's frame rate (Table 1: 1/60 s per frame).
#define TV_TIME_STEP ( 1.0 / 60.0 )
#define TV_PI 3.14159265358979323846
#define TV_DEG ( TV_PI / 180.0 )

/// Load scenes/<file> (tests run from the source root); on failure print why and exit with 1.
static inline void tvLoad( const char* path, ttScene* scene )
{
	char error[1024] = { 0 };
	if ( ttScene_LoadFile( path, scene, error, (int)sizeof( error ) ) == false )
	{
		fprintf( stderr, "FAIL cannot load scene %s: %s\n", path, error );
		exit( 1 );
	}
}

/// Load and override the solver settings the test sweeps.
static inline void tvLoadWith( const char* path, ttScene* scene, int substeps, int iterations )
{
	tvLoad( path, scene );
	if ( ttWorld_SetSubsteps( scene->worldId, substeps ) != ttResult_ok ||
	     ttWorld_SetIterations( scene->worldId, iterations ) != ttResult_ok )
	{
		fprintf( stderr, "FAIL %s: cannot set %d substeps x %d iterations\n", path, substeps, iterations );
		exit( 1 );
	}
}

static inline ttBodyId tvBody( const ttScene* scene, const char* name )
{
	ttBodyId id = ttScene_FindBody( scene, name );
	if ( TT_IS_NULL( id ) )
	{
		fprintf( stderr, "FAIL scene %s has no body named '%s'\n", scene->name, name );
		exit( 1 );
	}
	return id;
}

static inline ttJointId tvJoint( const ttScene* scene, const char* name )
{
	ttJointId id = ttScene_FindJoint( scene, name );
	if ( TT_IS_NULL( id ) )
	{
		fprintf( stderr, "FAIL scene %s has no joint named '%s'\n", scene->name, name );
		exit( 1 );
	}
	return id;
}

/// Step `steps` frames of 1/60 s; a failing step is a failed test.
static inline void tvStep( ttWorldId worldId, int steps )
{
	for ( int i = 0; i < steps; ++i )
	{
		ttResult result = ttWorld_Step( worldId, (ttReal)TV_TIME_STEP );
		if ( result != ttResult_ok )
		{
			fprintf( stderr, "FAIL ttWorld_Step returned %s\n", ttResultName( result ) );
			exit( 1 );
		}
	}
}

/// Number of frames in `seconds` of simulated time.
static inline int tvFrames( double seconds )
{
	return (int)( seconds / TV_TIME_STEP + 0.5 );
}

static inline double tvLength( ttVec3 v )
{
	return sqrt( (double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z );
}

static inline double tvDistance( ttVec3 a, ttVec3 b )
{
	return tvLength( ttSub( a, b ) );
}

static inline double tvDot( ttVec3 a, ttVec3 b )
{
	return (double)a.x * b.x + (double)a.y * b.y + (double)a.z * b.z;
}

/// Total mechanical energy (kinetic + potential) of the world's dynamic bodies, J.
static inline double tvEnergy( ttWorldId worldId )
{
	return (double)ttWorld_GetKineticEnergy( worldId ) + (double)ttWorld_GetPotentialEnergy( worldId );
}
