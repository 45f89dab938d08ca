// SPDX-License-Identifier: MIT
// Fuzz target: the narrow phase. The bytes choose two shapes (sphere, capsule, box, cylinder,
// hull, or a plane as the first), their sizes and poses, and the speculative distance; the pair
// goes through ttCollideShapes both ways round. Every manifold must have 0 to
// TT_MAX_MANIFOLD_POINTS points, a finite unit normal and finite points and separations, and
// the two orders must agree on whether the shapes touch. docs/hardening.md.
#include "contact.h"
#include "pool.h"
#include "shape.h"
#include "world.h"

#include "tether/tether.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput( const uint8_t* data, size_t size );

typedef struct Bytes
{
	const uint8_t* data;
	size_t size, at;
} Bytes;

// The next 16 bits mapped onto [lo, hi]; zeros once the input is used up.
static ttReal Take( Bytes* b, ttReal lo, ttReal hi )
{
	unsigned value = 0;
	for ( int k = 0; k < 2; ++k )
	{
		value = ( value << 8 ) | ( b->at < b->size ? b->data[b->at] : 0u );
		b->at += 1;
	}
	return lo + ( hi - lo ) * (ttReal)value / (ttReal)65535;
}

static int TakeChoice( Bytes* b, int count )
{
	int value = b->at < b->size ? b->data[b->at] : 0;
	b->at += 1;
	return value % count;
}

// Sizes span four decades so that thin and huge shapes meet small ones.
static ttReal TakeSize( Bytes* b )
{
	return (ttReal)pow( 10.0, (double)Take( b, -2, 2 ) );
}

static ttQuat TakeRotation( Bytes* b )
{
	ttQuat q = { Take( b, -1, 1 ), Take( b, -1, 1 ), Take( b, -1, 1 ), Take( b, -1, 1 ) };
	ttReal length = ttSqrt( q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w );
	return length > (ttReal)1e-3 ? ttQuatNormalize( q ) : TT_QUAT_IDENTITY;
}

static void Quiet( const char* message )
{
	(void)message;
}

static void Require( bool condition, const char* what )
{
	if ( condition == false )
	{
		fprintf( stderr, "fuzz_narrowphase: %s\n", what );
		abort();
	}
}

// One shape of the chosen type on `body`; the null id when the API refuses it (a flat hull).
static ttShapeId MakeShape( Bytes* b, ttBodyId body, bool allowPlane )
{
	ttShapeDef def = ttDefaultShapeDef();
	switch ( TakeChoice( b, allowPlane ? 6 : 5 ) )
	{
		case 0:
		{
			ttSphere sphere = { TakeSize( b ) };
			return ttCreateSphereShape( body, &def, &sphere );
		}
		case 1:
		{
			ttReal half = TakeSize( b );
			ttCapsule capsule = { { -half, 0, 0 }, { half, 0, 0 }, TakeSize( b ) };
			return ttCreateCapsuleShape( body, &def, &capsule );
		}
		case 2:
		{
			ttBox box = { { TakeSize( b ), TakeSize( b ), TakeSize( b ) } };
			return ttCreateBoxShape( body, &def, &box );
		}
		case 3:
		{
			ttCylinder cylinder = { TakeSize( b ), TakeSize( b ) };
			return ttCreateCylinderShape( body, &def, &cylinder );
		}
		case 4:
		{
			ttVec3 points[16];
			int count = 4 + TakeChoice( b, 13 );
			ttReal scale = TakeSize( b );
			for ( int i = 0; i < count; ++i )
			{
				points[i] = ( ttVec3 ){ scale * Take( b, -1, 1 ), scale * Take( b, -1, 1 ), scale * Take( b, -1, 1 ) };
			}
			return ttCreateHullShape( body, &def, points, count );
		}
		default:
		{
			ttPlane plane = { { Take( b, -1, 1 ), Take( b, -1, 1 ), Take( b, -1, 1 ) }, Take( b, -5, 5 ) };
			return ttCreatePlaneShape( body, &def, &plane );
		}
	}
}

static void CheckManifold( const ttManifoldGeometry* m )
{
	Require( m->pointCount >= 0 && m->pointCount <= TT_MAX_MANIFOLD_POINTS, "point count in range" );
	if ( m->pointCount == 0 )
	{
		return;
	}
	ttReal length = ttLength( m->normal );
	Require( isfinite( length ) && fabs( (double)length - 1 ) < 1e-3, "unit normal" );
	for ( int i = 0; i < m->pointCount; ++i )
	{
		const ttContactGeometry* g = m->points + i;
		Require( ttIsValidVec3( g->pointA ) && ttIsValidVec3( g->pointB ) && isfinite( g->separation ),
		         "finite contact point" );
	}
}

int LLVMFuzzerTestOneInput( const uint8_t* data, size_t size )
{
	ttSetLogFcn( Quiet );
	Bytes b = { data, size, 0 };
	ttWorldDef worldDef = ttDefaultWorldDef();
	ttWorldId worldId = ttCreateWorld( &worldDef );
	ttBodyDef bodyDef = ttDefaultBodyDef();
	// The first body is static so that it may carry a plane.
	bodyDef.position = ( ttVec3 ){ Take( &b, -5, 5 ), Take( &b, -5, 5 ), Take( &b, -5, 5 ) };
	bodyDef.rotation = TakeRotation( &b );
	ttBodyId bodyA = ttCreateBody( worldId, &bodyDef );
	bodyDef.type = ttBody_dynamic;
	bodyDef.position = ( ttVec3 ){ Take( &b, -5, 5 ), Take( &b, -5, 5 ), Take( &b, -5, 5 ) };
	bodyDef.rotation = TakeRotation( &b );
	ttBodyId bodyB = ttCreateBody( worldId, &bodyDef );
	ttShapeId shapeA = MakeShape( &b, bodyA, true );
	ttShapeId shapeB = MakeShape( &b, bodyB, false );
	ttReal speculative = Take( &b, 0, 1 );
	if ( TT_IS_NON_NULL( shapeA ) && TT_IS_NON_NULL( shapeB ) )
	{
		ttWorld* world = ttGetWorld( worldId );
		const ttShape* a = ttPool_Get( &world->shapes, shapeA.index1 - 1 );
		const ttShape* s = ttPool_Get( &world->shapes, shapeB.index1 - 1 );
		ttTransform xfA = ttBody_GetTransform( bodyA ), xfB = ttBody_GetTransform( bodyB );
		ttManifoldGeometry forward, backward;
		bool hitForward = ttCollideShapes( a, xfA, s, xfB, speculative, &forward );
		CheckManifold( &forward );
		if ( a->type != ttShape_plane )
		{
			bool hitBackward = ttCollideShapes( s, xfB, a, xfA, speculative, &backward );
			CheckManifold( &backward );
			// Deep overlaps must be found either way round (near the speculative edge the two
			// orders may legitimately differ).
			bool deepForward = hitForward && forward.pointCount > 0 && forward.points[0].separation < -(ttReal)0.01;
			bool deepBackward = hitBackward && backward.pointCount > 0 && backward.points[0].separation < -(ttReal)0.01;
			Require( deepForward == false || hitBackward, "a deep contact one way round is a contact the other way" );
			Require( deepBackward == false || hitForward, "a deep contact one way round is a contact the other way" );
		}
		// And the pair inside a world step: the manifold reduction, the solvers, the guard.
		Require( ttWorld_Step( worldId, (ttReal)1 / 60 ) == ttResult_ok, "one step of the pair" );
	}
	ttDestroyWorld( worldId );
	return 0;
}
