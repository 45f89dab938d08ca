// SPDX-License-Identifier: MIT
// The debug read of the long range constraints (ttWorld_GetLongRangeConstraints) against geometry
// worked out by hand.
//
// A chain of N links of length L hangs straight down from the world on ball joints, joint 0 at the
// origin, joint k at y = -k L, and joint N carries a weight under the last link.
//  1. Attachments: N bounds (joints 1..N; joint 0 is the anchor itself), bound k from the anchor
//     (pointA = joint 0's world point) to joint k's point on the body below it (pointB), upper k L,
//     no lower bound past joint 1 (ball joints bend freely), slack and NaN-free; readable before
//     the first step.
//     After one step of a 1000 kg weight on 0.1 kg links at 1 x 2 the bounds engage: the one on
//     the weight is active and carries at least its weight.
//  2. Hierarchy, 3 levels: a row of N + 1 joints with a segment between each neighbouring pair
//     gets N + 1 - 2^n level-n links (docs/long-range.md: one per joint and level), each of upper
//     bound 2^n L.
//  3. Hinge chains and rigid unions: one entry per chain body between two hinges, one per union
//     member after the first, with their rest lengths.
//  4. Conventions: an invalid world id logs a message and gives 0, capacity 0 copies nothing,
//     a smaller capacity copies a prefix of the full read, switched-off features give nothing.
#include "test_macros.h"
#include "tether/tether.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define N 10
#define L 0.5
#define MAX_ENTRIES 256

// Points and lengths against hand geometry: to rounding in double, to a few ulp of 5 m in float.
#if defined( TT_USE_FLOAT )
#define TOL 1e-4
#else
#define TOL 1e-9
#endif

static int s_messages = 0;
static char s_lastMessage[512];

static void CaptureLog( const char* message )
{
	s_messages += 1;
	snprintf( s_lastMessage, sizeof( s_lastMessage ), "%s", message );
}

typedef enum trJoint
{
	trJoint_ball,
	trJoint_hinge,
	trJoint_fixed,
} trJoint;

static ttJointId trJoin( ttWorldId world, ttBodyId a, ttBodyId b, ttVec3 onA, ttVec3 onB, trJoint kind )
{
	ttJointDef base = ttDefaultJointDef();
	base.bodyA = a;
	base.bodyB = b;
	base.localFrameA.p = onA;
	base.localFrameB.p = onB;
	if ( kind == trJoint_hinge )
	{
		// The joint's x axis (the hinge axis) along z.
		base.localFrameA.q = base.localFrameB.q = ttQuatFromAxisAngle( ( ttVec3 ){ 0, 1, 0 }, -TT_PI / 2 );
		ttHingeJointDef def = ttDefaultHingeJointDef();
		def.base = base;
		return ttCreateHingeJoint( world, &def );
	}
	if ( kind == trJoint_fixed )
	{
		ttFixedJointDef def = ttDefaultFixedJointDef();
		def.base = base;
		return ttCreateFixedJoint( world, &def );
	}
	ttSphericalJointDef def = ttDefaultSphericalJointDef();
	def.base = base;
	return ttCreateSphericalJoint( world, &def );
}

static ttBodyId trBody( ttWorldId world, ttVec3 position, ttReal mass )
{
	ttBodyDef bd = ttDefaultBodyDef();
	bd.type = ttBody_dynamic;
	bd.position = position;
	ttBodyId body = ttCreateBody( world, &bd );
	ttReal inertia = mass * (ttReal)0.02;
	ttBody_SetMassData( body, ( ttMassData ){ mass, { 0, 0, 0 }, { inertia, inertia, inertia }, TT_QUAT_IDENTITY } );
	return body;
}

// links[0..N) and the weight; joints[0..N]: joint 0 from the world to link 0, joint N to the weight.
static ttWorldId trHangingChain( trJoint kind, ttBodyId* bodies, ttJointId* joints )
{
	ttWorldDef def = ttDefaultWorldDef();
	def.enableContacts = false;
	def.enableSleep = false;
	def.substeps = 1;
	def.iterations = 2;
	ttWorldId world = ttCreateWorld( &def );
	ttVec3 top = { 0, (ttReal)( L / 2 ), 0 }, bottom = { 0, (ttReal)( -L / 2 ), 0 };
	ttBodyId previous = ttNullBodyId;
	for ( int k = 0; k <= N; ++k )
	{
		bool weight = k == N;
		ttReal y = weight ? (ttReal)( -N * L - 0.2 ) : (ttReal)( -( k + 0.5 ) * L );
		bodies[k] = trBody( world, ( ttVec3 ){ 0, y, 0 }, weight ? 1000 : (ttReal)0.1 );
		ttVec3 onA = k == 0 ? ( ttVec3 ){ 0, 0, 0 } : bottom;
		ttVec3 onB = weight ? ( ttVec3 ){ 0, (ttReal)0.2, 0 } : top;
		joints[k] = trJoin( world, previous, bodies[k], onA, onB, kind );
		previous = bodies[k];
	}
	return world;
}

static double trDistance( ttVec3 a, ttVec3 b )
{
	return sqrt(
	    (double)( ( a.x - b.x ) * ( a.x - b.x ) + ( a.y - b.y ) * ( a.y - b.y ) + ( a.z - b.z ) * ( a.z - b.z ) ) );
}

static bool trFinite( const ttLongRangeConstraintData* d )
{
	double values[] = { (double)d->pointA.x, (double)d->pointA.y, (double)d->pointA.z, (double)d->pointB.x,
	                    (double)d->pointB.y, (double)d->pointB.z, (double)d->lower,    (double)d->upper,
	                    (double)d->distance, (double)d->axis.x,   (double)d->axis.y,   (double)d->axis.z,
	                    (double)d->force };
	for ( size_t i = 0; i < sizeof( values ) / sizeof( values[0] ); ++i )
	{
		if ( isfinite( values[i] ) == false )
		{
			return false;
		}
	}
	return true;
}

static void trAttachments( void )
{
	ttBodyId bodies[N + 1];
	ttJointId joints[N + 1];
	ttWorldId world = trHangingChain( trJoint_ball, bodies, joints );
	ttLongRangeConstraintData data[MAX_ENTRIES];
	ENSURE( ttWorld_GetLongRangeConstraintCount( world ) == 0 ); // every feature off

	ENSURE( ttWorld_EnableLongRange( world, ttLongRange_attachments, true ) == ttResult_ok );
	int count = ttWorld_GetLongRangeConstraints( world, data, MAX_ENTRIES );
	printf( "attachments: %d bounds before the first step\n", count );
	ENSURE( count == N );
	ENSURE( ttWorld_GetLongRangeConstraintCount( world ) == N );
	ttVec3 anchor = ttJoint_GetAnchorA( joints[0] );
	for ( int k = 1; k <= N && count == N; ++k )
	{
		// Dijkstra settles the joints nearest first: bound k - 1 holds joint k.
		const ttLongRangeConstraintData* d = data + ( k - 1 );
		ENSURE( d->feature == ttLongRange_attachments && d->level == 0 && d->group == -1 );
		ENSURE( trFinite( d ) );
		ENSURE_NEAR( d->upper, k * L, TOL );
		// Joint 1 lies on the anchor's own link: its distance is exact, the lower bound too.
		ENSURE_NEAR( d->lower, k == 1 ? L : 0, TOL );
		ENSURE_NEAR( trDistance( d->pointA, anchor ), 0, TOL );
		ENSURE_NEAR( trDistance( d->pointB, ttJoint_GetAnchorB( joints[k] ) ), 0, TOL );
		ENSURE_NEAR( d->distance, k * L, TOL );
		ENSURE( ttBody_IsValid( d->bodyA ) == false ); // the world's ground body reads as null
		ENSURE( d->bodyB.index1 == bodies[k].index1 );
		ENSURE( d->active == false && d->force == 0 );
	}

	// One step at 1 x 2: the joints alone let the weight stretch the chain, the bounds pull it back.
	ttWorld_Step( world, (ttReal)1 / 60 );
	count = ttWorld_GetLongRangeConstraints( world, data, MAX_ENTRIES );
	ENSURE( count == N );
	int active = 0;
	for ( int i = 0; i < count; ++i )
	{
		ENSURE( trFinite( data + i ) );
		active += data[i].active ? 1 : 0;
		ENSURE_BELOW( data[i].distance, data[i].upper * ( 1 + 1e-3 ) );
	}
	const ttLongRangeConstraintData* weight = data + ( N - 1 );
	printf( "after one step: %d of %d bounds engaged; the weight's: %s, %.1f N\n", active, count,
	        weight->active ? "engaged" : "slack", (double)weight->force );
	ENSURE( weight->active );
	ENSURE( weight->force > 1000 * 9.81 * 0.5 );
	ENSURE_NEAR( trDistance( weight->pointB, ttJoint_GetAnchorB( joints[N] ) ), 0, TOL );
	ttDestroyWorld( world );
}

static void trHierarchy( void )
{
	ttBodyId bodies[N + 1];
	ttJointId joints[N + 1];
	ttWorldId world = trHangingChain( trJoint_ball, bodies, joints );
	ENSURE( ttWorld_EnableLongRange( world, ttLongRange_hierarchy, true ) == ttResult_ok );
	ENSURE( ttWorld_SetLongRangeLevels( world, 3 ) == ttResult_ok );
	ttLongRangeConstraintData data[MAX_ENTRIES];
	int count = ttWorld_GetLongRangeConstraints( world, data, MAX_ENTRIES );
	int perLevel[5] = { 0 };
	for ( int i = 0; i < count; ++i )
	{
		const ttLongRangeConstraintData* d = data + i;
		ENSURE( d->feature == ttLongRange_hierarchy && d->level >= 1 && d->level <= 3 );
		ENSURE( trFinite( d ) );
		perLevel[d->level < 5 ? d->level : 4] += 1;
		ENSURE_NEAR( d->upper, ( 1 << d->level ) * L, TOL );
		ENSURE_NEAR( d->distance, d->upper, TOL ); // the chain hangs straight
	}
	printf( "hierarchy: %d links, %d / %d / %d at levels 1 / 2 / 3\n", count, perLevel[1], perLevel[2], perLevel[3] );
	for ( int n = 1; n <= 3; ++n )
	{
		ENSURE( perLevel[n] == N + 1 - ( 1 << n ) );
	}
	ENSURE( count == ( N + 1 - 2 ) + ( N + 1 - 4 ) + ( N + 1 - 8 ) );
	// The level switch re-derives the bounds at the next read.
	ENSURE( ttWorld_SetLongRangeLevels( world, 1 ) == ttResult_ok );
	ENSURE( ttWorld_GetLongRangeConstraintCount( world ) == N - 1 );
	ttDestroyWorld( world );
}

// A free chain of 4 links on parallel hinges (bodies 1 and 2 have two hinges each), and a union
// of three boxes welded in a row 0.4 m apart.
static void trChainsAndUnions( void )
{
	ttWorldDef def = ttDefaultWorldDef();
	def.enableContacts = false;
	def.gravity = ( ttVec3 ){ 0, 0, 0 };
	ttWorldId world = ttCreateWorld( &def );
	ttBodyId previous = ttNullBodyId;
	for ( int k = 0; k < 4; ++k )
	{
		ttBodyId body = trBody( world, ( ttVec3 ){ (ttReal)k, 0, 0 }, 1 );
		if ( k > 0 )
		{
			trJoin( world, previous, body, ( ttVec3 ){ (ttReal)0.5, 0, 0 }, ( ttVec3 ){ (ttReal)-0.5, 0, 0 },
			        trJoint_hinge );
		}
		previous = body;
	}
	previous = ttNullBodyId;
	for ( int k = 0; k < 3; ++k )
	{
		ttBodyId body = trBody( world, ( ttVec3 ){ (ttReal)( 0.4 * k ), 3, 0 }, 1 );
		if ( k > 0 )
		{
			trJoin( world, previous, body, ( ttVec3 ){ (ttReal)0.2, 0, 0 }, ( ttVec3 ){ (ttReal)-0.2, 0, 0 },
			        trJoint_fixed );
		}
		previous = body;
	}
	ENSURE( ttWorld_EnableLongRange( world, ttLongRange_hingeChains, true ) == ttResult_ok );
	ENSURE( ttWorld_EnableLongRange( world, ttLongRange_shapeMatching, true ) == ttResult_ok );
	ttLongRangeConstraintData data[16];
	int count = ttWorld_GetLongRangeConstraints( world, data, 16 );
	printf( "hinge chains and unions: %d entries\n", count );
	ENSURE( count == 4 );
	for ( int i = 0; i < count && count == 4; ++i )
	{
		const ttLongRangeConstraintData* d = data + i;
		ENSURE( trFinite( d ) );
		ENSURE( d->active == false ); // not projected yet
		if ( i < 2 )
		{
			ENSURE( d->feature == ttLongRange_hingeChains && d->group == 0 );
			ENSURE_NEAR( d->upper, 1, TOL );
			ENSURE_NEAR( d->distance, 1, TOL );
			ENSURE_NEAR( fabs( (double)d->axis.z ), 1, TOL );
			ENSURE( d->bodyA.index1 == d->bodyB.index1 );
		}
		else
		{
			ENSURE( d->feature == ttLongRange_shapeMatching && d->group == 0 );
			ENSURE_NEAR( d->upper, 0.4 * ( i - 1 ), TOL );
			ENSURE_NEAR( d->distance, d->upper, TOL );
		}
	}
	ttWorld_Step( world, (ttReal)1 / 60 );
	count = ttWorld_GetLongRangeConstraints( world, data, 16 );
	ENSURE( count == 4 && data[0].active && data[3].active );
	ttDestroyWorld( world );
}

static void trConventions( void )
{
	ttBodyId bodies[N + 1];
	ttJointId joints[N + 1];
	ttWorldId world = trHangingChain( trJoint_ball, bodies, joints );
	ENSURE( ttWorld_EnableLongRange( world, ttLongRange_attachments, true ) == ttResult_ok );
	ENSURE( ttWorld_EnableLongRange( world, ttLongRange_hierarchy, true ) == ttResult_ok );
	ttLongRangeConstraintData all[MAX_ENTRIES], some[5];
	int total = ttWorld_GetLongRangeConstraints( world, all, MAX_ENTRIES );
	ENSURE( total == N + 19 );

	int before = s_messages;
	memset( some, 0xab, sizeof( some ) );
	ENSURE( ttWorld_GetLongRangeConstraints( world, some, 0 ) == 0 );
	ENSURE( s_messages == before );
	ENSURE( ttWorld_GetLongRangeConstraints( world, some, 5 ) == 5 );
	ENSURE( memcmp( some, all, sizeof( some ) ) == 0 );
	ENSURE( ttWorld_GetLongRangeConstraints( world, NULL, 5 ) == 0 );
	ENSURE( s_messages == before + 1 && strstr( s_lastMessage, "data" ) != NULL );
	ENSURE( ttWorld_GetLongRangeConstraints( world, all, -1 ) == 0 );
	ENSURE( s_messages == before + 2 );

	// Switching a feature off empties its part at once.
	ENSURE( ttWorld_EnableLongRange( world, ttLongRange_hierarchy, false ) == ttResult_ok );
	ENSURE( ttWorld_GetLongRangeConstraintCount( world ) == N );

	ttDestroyWorld( world );
	before = s_messages;
	ENSURE( ttWorld_GetLongRangeConstraints( world, all, MAX_ENTRIES ) == 0 );
	ENSURE( ttWorld_GetLongRangeConstraintCount( world ) == 0 );
	ENSURE( ttWorld_GetLongRangeConstraints( ( ttWorldId ){ 0, 0 }, all, MAX_ENTRIES ) == 0 );
	printf( "invalid ids: %d messages, last '%s'\n", s_messages - before, s_lastMessage );
	ENSURE( s_messages == before + 3 );

	// Every feature has a name in the long range table; values outside the enum have none.
	for ( int i = 0; i < ttLongRange_featureCount; ++i )
	{
		ENSURE( ttLongRangeFeatureName( (ttLongRangeFeature)i ) != NULL );
	}
	ENSURE( ttLongRangeFeatureName( ttLongRange_featureCount ) == NULL );
	ENSURE( ttLongRangeFeatureName( (ttLongRangeFeature)-1 ) == NULL );
}

int main( void )
{
	ttSetLogFcn( CaptureLog );
	trAttachments();
	trHierarchy();
	trChainsAndUnions();
	trConventions();
	ttSetLogFcn( NULL );
	return TEST_RESULT();
}
