// SPDX-License-Identifier: MIT
// The coloured wide contact solve (contact_solver_wide.c, issue 11 item 3):
// - the colouring is a proper one: in the 210-box pyramid no dynamic body has two manifolds in one
//   colour, every manifold with points is in exactly one lane or in the overflow, and nothing
//   overflows: box manifolds have at most 4 points (clipping reduces to 4), and a box touches at
//   most 6 others and the ground, so the greedy colouring needs at most 2 * 6 + 1 = 13 of its 20
//   colours for pairs of moving bodies;
// - each lane runs the scalar rows: a box resting alone on the ground (one manifold, so the same
//   order either way) is where the scalar solve puts it after 0.2 s, and so is a box sliding at
//   3 m/s (dynamic friction; it stops at 0.51 s, after the check, where the substep in which it
//   sticks could differ). Tolerance 1e-6 m: the wide rows are floats and a body's velocity changes
//   by what the floats say, rounded to half a float ulp of the velocity (1.2e-7 m/s at 3 m/s)
//   per substep; over K = 48 substeps of h = 1/240 s that is at most 1.2e-7 h K^2 / 2 = 6e-7 m;
// - the switch: ttWorld_EnableWideContacts reads back;
// - the blocks follow each point's separation in floats from the bodies' motion since the prepare
//   (ttWideContacts_BeginPoints): a 1 m box resting exactly on the ground without gravity (the
//   step leaves it where it is). Unmoved, every point keeps the prepare's separation exactly (the
//   motion terms are exact zeros: q conj(q) has a zero vector part in floating point), so a
//   resting body is not pushed by rounding (the crossbow's arrow of tests/test_long_range.c). Moved
//   1.2 cm and turned 0.1 rad by hand, it gets at every point the separation of
//   contact_solver_soft.c's real-type form (the adjusted separation plus the followed anchors'
//   offset along the normal) within 3e-8 m: the float terms are the motion's (at most 0.012 m +
//   0.1 rad * 0.87 m = 0.1 m), and about five roundings of 6e-8 of at most 0.1 m each add up to
//   3e-8 m. In the float build the reference itself is floats of terms up to 1.9 m (the centre's
//   height and a corner's offset), about five roundings of 1.1e-7 m: 5e-7 m there.
#include "test_macros.h"

#include "contact_solver_soft.h"
#include "contact_solver_wide.h"
#include "validation.h"
#include "world.h"

#include <math.h>
#include <stdlib.h>

static void tsColouringIsProper( void )
{
	ttScene scene;
	tvLoad( "scenes/stack_pyramid.json", &scene );
	tvStep( scene.worldId, 2 );
	ttWorld* world = ttResolveWorld( __func__, scene.worldId );
	ENSURE( ttWideContacts_Ready( world ) );
	int manifolds = world->softManifoldCount;
	int* seen = calloc( (size_t)manifolds, sizeof( int ) );
	int* lastColorOfBody = malloc( sizeof( int ) * (size_t)world->bodies.count );
	for ( int i = 0; i < world->bodies.count; ++i )
	{
		lastColorOfBody[i] = -1;
	}
	int lanes = ttWideContacts_Lanes();
	int shared = 0;
	for ( int color = 0; color < ttWideContacts_ColorCount( world ); ++color )
	{
		int first = ttWideContacts_ColorFirstBlock( world, color );
		for ( int b = first; b < first + ttWideContacts_ColorBlockCount( world, color ); ++b )
		{
			for ( int lane = 0; lane < lanes; ++lane )
			{
				int m = ttWideContacts_BlockManifold( world, b, lane );
				if ( m < 0 )
				{
					continue;
				}
				seen[m] += 1;
				const ttSoftManifold* sm = world->softManifolds + m;
				int moving[2] = { sm->movingA, sm->movingB };
				for ( int side = 0; side < 2; ++side )
				{
					if ( moving[side] >= 0 )
					{
						shared += lastColorOfBody[moving[side]] == color;
						lastColorOfBody[moving[side]] = color;
					}
				}
			}
		}
	}
	int placed = 0, withPoints = 0;
	for ( int m = 0; m < manifolds; ++m )
	{
		withPoints += world->softManifolds[m].count > 0;
		placed += seen[m] == 1;
		ENSURE( seen[m] <= 1 );
	}
	printf( "pyramid: %d manifolds in %d colours, %d overflow, %d lanes per block\n", manifolds,
	        ttWideContacts_ColorCount( world ), ttWideContacts_OverflowCount( world ), lanes );
	ENSURE_NEAR( shared, 0, 0 );
	ENSURE_NEAR( ttWideContacts_OverflowCount( world ), 0, 0 );
	ENSURE_NEAR( placed, withPoints, 0 );
	ENSURE( ttWideContacts_ColorCount( world ) <= 14 );
	free( lastColorOfBody );
	free( seen );
	ttScene_Destroy( &scene );
}

// A static ground box (top at y = 0) and a 1 m dynamic box resting on it, moving at `push` along x.
static ttBodyId tsAddBoxOnGround( ttWorldId worldId, ttReal push )
{
	ttBodyDef groundDef = ttDefaultBodyDef();
	ttBodyId ground = ttCreateBody( worldId, &groundDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttCreateBoxShape( ground, &shapeDef, &( ttBox ){ { 20, 0.5f, 20 } } );
	ttBodyDef boxDef = ttDefaultBodyDef();
	boxDef.type = ttBody_dynamic;
	boxDef.position = ( ttVec3 ){ 0, 1.0, 0 };
	boxDef.linearVelocity = ( ttVec3 ){ push, 0, 0 };
	ttBodyId box = ttCreateBody( worldId, &boxDef );
	ttCreateBoxShape( box, &shapeDef, &( ttBox ){ { 0.5f, 0.5f, 0.5f } } );
	return box;
}

// A 1 m box on a static ground box, optionally pushed along x; its position after 0.2 s.
static ttVec3 tsBoxOnGround( bool wide, ttReal push )
{
	ttWorldDef def = ttDefaultWorldDef();
	def.substeps = 4; // h = 1/240 s, as the tolerance assumes
	ttWorldId worldId = ttCreateWorld( &def );
	ttWorld_EnableWideContacts( worldId, wide );
	ENSURE( ttWorld_IsWideContactsEnabled( worldId ) == wide );
	ttBodyId box = tsAddBoxOnGround( worldId, push );
	tvStep( worldId, 12 );
	ttVec3 position = ttBody_GetPosition( box );
	ttDestroyWorld( worldId );
	return position;
}

static void tsLanesRunTheScalarRows( void )
{
	ttReal pushes[2] = { 0, 3 };
	for ( int i = 0; i < 2; ++i )
	{
		ttVec3 wide = tsBoxOnGround( true, pushes[i] );
		ttVec3 scalar = tsBoxOnGround( false, pushes[i] );
		printf( "box pushed at %.0f m/s: wide (%.7f, %.7f), scalar (%.7f, %.7f)\n", (double)pushes[i], (double)wide.x,
		        (double)wide.y, (double)scalar.x, (double)scalar.y );
		ENSURE_NEAR( wide.x, scalar.x, 1e-6 );
		ENSURE_NEAR( wide.y, scalar.y, 1e-6 );
		ENSURE_NEAR( wide.z, scalar.z, 1e-6 );
	}
}

// The real-type followed separation of contact_solver_soft.c (ttFollowedSeparation).
static ttReal tsFollowedSeparation( const ttSoftManifold* sm, const ttSoftPoint* sp )
{
	ttVec3 d = ttAdd( ttBody_RelativeCenter( sm->bodyA, sm->bodyB ),
	                  ttSub( ttRotate( sm->bodyB->q, sp->followB ), ttRotate( sm->bodyA->q, sp->followA ) ) );
	return sp->adjustedSeparation + ttDot( d, sm->normal );
}

static void tsBlocksFollowTheSeparation( void )
{
	ttWorldDef def = ttDefaultWorldDef();
	def.gravity = ( ttVec3 ){ 0, 0, 0 };
	ttWorldId worldId = ttCreateWorld( &def );
	ttBodyId box = tsAddBoxOnGround( worldId, 0 );
	tvStep( worldId, 1 );
	ttWorld* world = NULL;
	ttBody* body = ttResolveBody( __func__, box, &world );
	ENSURE( world != NULL && ttWideContacts_Ready( world ) );
	ENSURE_NEAR( ttBody_GetPosition( box ).y, 1.0, 1e-12 ); // nothing moved it: the blocks are current
	ttWideContacts_BeginPoints( world, false );
	for ( int i = 0; i < world->softManifoldCount; ++i )
	{
		const ttSoftManifold* sm = world->softManifolds + i;
		for ( int j = 0; sm->wideSlot >= 0 && j < sm->count; ++j )
		{
			ttReal normal, tangent[2], maxNormal, separation;
			ttWideContacts_PointImpulses( world, sm->wideSlot, j, &normal, tangent, &maxNormal, &separation );
			ENSURE_NEAR( separation, (float)world->softPoints[sm->first + j].separation, 0 );
		}
	}
	body->delta = ttAdd( body->delta, ( ttVec3 ){ 0.004, 0.011, -0.003 } );
	ttReal half = (ttReal)0.05; // 0.1 rad about a tilted axis
	ttVec3 axis = ttNormalize( ( ttVec3 ){ 1, 0.3, 2 } );
	ttQuat turn = { ttSin( half ) * axis.x, ttSin( half ) * axis.y, ttSin( half ) * axis.z, ttCos( half ) };
	body->q = ttQuatNormalize( ttQuatMul( turn, body->q ) );
	ttWideContacts_BeginPoints( world, false );
	int checked = 0;
	double worst = 0, largestChange = 0;
	for ( int i = 0; i < world->softManifoldCount; ++i )
	{
		const ttSoftManifold* sm = world->softManifolds + i;
		for ( int j = 0; sm->wideSlot >= 0 && j < sm->count; ++j )
		{
			const ttSoftPoint* sp = world->softPoints + sm->first + j;
			ttReal normal, tangent[2], maxNormal, separation;
			ttWideContacts_PointImpulses( world, sm->wideSlot, j, &normal, tangent, &maxNormal, &separation );
			ttReal expected = tsFollowedSeparation( sm, sp );
			worst = fmax( worst, fabs( (double)( separation - expected ) ) );
			largestChange = fmax( largestChange, fabs( (double)( expected - sp->separation ) ) );
			ENSURE_NEAR( separation, expected, sizeof( ttReal ) == sizeof( double ) ? 3e-8 : 5e-7 );
			checked += 1;
		}
	}
	printf( "followed separations: %d points, moved by up to %.4f m, worst float error %.2e m\n", checked,
	        largestChange, worst );
	ENSURE_NEAR( checked, 4, 0 );
	ENSURE( largestChange > 0.01 ); // the motion did move the points
	ttDestroyWorld( worldId );
}

int main( void )
{
	tsBlocksFollowTheSeparation();
	tsColouringIsProper();
	tsLanesRunTheScalarRows();
	return TEST_RESULT();
}
