// SPDX-License-Identifier: MIT
// Shared parts of the query tests: random scenes (a ground plane and bodies of random pose,
// velocity and shape, some static, some offset in their body, some in a second filter category,
// reproducible from a seed), hit lists filled by the query callbacks, and a log counter.
#pragma once

#include "test_macros.h"
#include "test_random.h"

#include <stdlib.h>

#define QUERY_MAX_SHAPES 1024

typedef struct QueryScene
{
	ttWorldId world;
	ttShapeId shapes[QUERY_MAX_SHAPES];
	int shapeCount;
} QueryScene;

/// Whether a query with this filter may report the shape (the library's rule, restated).
static bool SeesShape( ttShapeId shape, ttQueryFilter filter )
{
	ttFilter f = ttShape_GetFilter( shape );
	return ( f.categoryBits & filter.maskBits ) != 0 && ( f.maskBits & filter.categoryBits ) != 0;
}

/// What a query reported, in the order reported.
typedef struct QueryHits
{
	int count;
	ttShapeId shapes[QUERY_MAX_SHAPES];
	ttReal fractions[QUERY_MAX_SHAPES];
} QueryHits;

static ttReal CollectHit( ttShapeId shapeId, ttVec3 point, ttVec3 normal, ttReal fraction, void* context )
{
	(void)point;
	(void)normal;
	QueryHits* hits = context;
	hits->shapes[hits->count] = shapeId;
	hits->fractions[hits->count] = fraction;
	hits->count += 1;
	return 1;
}

static bool CollectOverlap( ttShapeId shapeId, void* context )
{
	QueryHits* hits = context;
	hits->shapes[hits->count++] = shapeId;
	return true;
}

/// Index of the shape in the hits, or -1.
static int FindShape( const QueryHits* hits, ttShapeId shape )
{
	for ( int i = 0; i < hits->count; ++i )
	{
		if ( TT_ID_EQUALS( hits->shapes[i], shape ) )
		{
			return i;
		}
	}
	return -1;
}

/// Counts the library's error messages, for the bad-input checks.
static int s_messages;

static void CaptureLog( const char* message )
{
	(void)message;
	s_messages += 1;
}

typedef struct RandomSceneSettings
{
	int bodyCount;
	int staticCount;   ///< the first bodies are static
	double extent;     ///< bodies within +-extent of the centre, horizontally and vertically
	bool convexShapes; ///< also cylinders and hulls (otherwise spheres, boxes and capsules)
} RandomSceneSettings;

static ttShapeId RandomShape( ttBodyId body, const ttShapeDef* def, bool convexShapes )
{
	double r = Random01() * ( convexShapes ? 5 : 3 );
	if ( r < 1 )
	{
		return ttCreateSphereShape( body, def, &( ttSphere ){ RandomRange( 0.2, 1.2 ) } );
	}
	if ( r < 2 )
	{
		return ttCreateBoxShape(
		    body, def, &( ttBox ){ { RandomRange( 0.1, 1 ), RandomRange( 0.1, 1 ), RandomRange( 0.1, 1 ) } } );
	}
	if ( r < 3 )
	{
		ttVec3 half = RandomVec( 0.8 );
		return ttCreateCapsuleShape( body, def, &( ttCapsule ){ ttNeg( half ), half, RandomRange( 0.1, 0.6 ) } );
	}
	if ( r < 4 )
	{
		return ttCreateCylinderShape( body, def, &( ttCylinder ){ RandomRange( 0.1, 0.9 ), RandomRange( 0.1, 0.9 ) } );
	}
	ttVec3 points[10];
	for ( int i = 0; i < 10; ++i )
	{
		points[i] = RandomVec( 0.8 );
	}
	return ttCreateHullShape( body, def, points, 10 );
}

/// Build the scene into a new world; shapes[0] is the ground plane. Returns the shape count.
static int BuildRandomScene( ttWorldId* world, ttShapeId* shapes, uint64_t seed, RandomSceneSettings settings )
{
	if ( settings.bodyCount + 1 > QUERY_MAX_SHAPES )
	{
		fprintf( stderr, "FAIL: %d bodies do not fit QUERY_MAX_SHAPES\n", settings.bodyCount );
		exit( 1 );
	}
	SeedRandom( seed );
	ttWorldDef worldDef = ttDefaultWorldDef();
	worldDef.substeps = 4;
	*world = ttCreateWorld( &worldDef );
	ttBodyDef groundDef = ttDefaultBodyDef();
	ttBodyId ground = ttCreateBody( *world, &groundDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	int count = 0;
	shapes[count++] = ttCreatePlaneShape( ground, &shapeDef, &( ttPlane ){ { 0, 1, 0 }, 0 } );
	for ( int i = 0; i < settings.bodyCount; ++i )
	{
		ttBodyDef def = ttDefaultBodyDef();
		def.type = i < settings.staticCount ? ttBody_static : ttBody_dynamic;
		def.position = ttAdd( RandomVec( settings.extent ), ( ttVec3 ){ 0, (ttReal)( settings.extent + 1 ), 0 } );
		def.rotation = RandomRotation();
		def.linearVelocity = def.type == ttBody_dynamic ? RandomVec( 3 ) : TT_VEC3_ZERO;
		ttBodyId body = ttCreateBody( *world, &def );
		ttShapeDef sd = ttDefaultShapeDef();
		sd.localPosition = Random01() < 0.3 ? RandomVec( 0.5 ) : TT_VEC3_ZERO;
		sd.localRotation = RandomRotation();
		if ( Random01() < 0.2 )
		{
			sd.filter.categoryBits = 2; // hidden from queries that mask category 2 out
		}
		ttShapeId shape = RandomShape( body, &sd, settings.convexShapes );
		ENSURE( TT_IS_NON_NULL( shape ) );
		shapes[count++] = shape;
	}
	return count;
}
