// SPDX-License-Identifier: MIT
// The distance bounds that the joint graph analysis derives (Mueller et al. 2017, figs 2-3 and 7),
// checked against geometry worked out by hand, and the soft "upper as lower" bound of section 3.3.
//
// Chains of links of length 1 along x, joints at x = 0, 1, 2, ... (the first fixed to the world).
// Without limits the bound of joint k is the classic LRA: upper k, no lower bound. With hinges
// about z limited to +-90 degrees (or ball joints with a 90 degree swing cone) every bend is at
// most a right angle: joint 2 stays within [sqrt 2, 2] of the anchor (fig. 2e-f), and joint 3
// within [1, 3] (folded twice the same way the chain ends one unit above the anchor).
#include "long_range_graph.h"
#include "world.h"

#include "test_macros.h"
#include "tether/tether.h"

#include <math.h>
#include <stdio.h>

typedef enum tbJoint
{
	tbJoint_ball,
	tbJoint_hinge90,
	tbJoint_swing90,
} tbJoint;

// links bodies of 1 kg; joint i sits at x = i; fixed: joint 0 attaches link 0 to the world.
static ttWorldId tbChain( int links, tbJoint kind, bool fixed, ttJointId* joints )
{
	ttWorldDef def = ttDefaultWorldDef();
	def.gravity = ( ttVec3 ){ 0, 0, 0 };
	def.enableContacts = false;
	ttWorldId world = ttCreateWorld( &def );
	ttBodyId previous = ttNullBodyId;
	for ( int i = 0; i < links; ++i )
	{
		ttBodyDef bd = ttDefaultBodyDef();
		bd.type = ttBody_dynamic;
		bd.position = ( ttVec3 ){ (ttReal)i + (ttReal)0.5, 0, 0 };
		ttBodyId body = ttCreateBody( world, &bd );
		ttBody_SetMassData( body, ( ttMassData ){ 1, { 0, 0, 0 }, { 0.1, 0.1, 0.1 }, TT_QUAT_IDENTITY } );
		if ( i > 0 || fixed )
		{
			ttJointDef base = ttDefaultJointDef();
			base.bodyA = previous;
			base.bodyB = body;
			// On link i - 1 its right end; for the first joint the world point at the origin.
			base.localFrameA.p = ( ttVec3 ){ i > 0 ? (ttReal)0.5 : 0, 0, 0 };
			base.localFrameB.p = ( ttVec3 ){ (ttReal)-0.5, 0, 0 };
			// Joint frames: x along the hinge axis z for hinges, along the chain for ball joints.
			ttQuat xToZ = ttQuatFromAxisAngle( ( ttVec3 ){ 0, 1, 0 }, -TT_PI / 2 );
			if ( kind == tbJoint_hinge90 )
			{
				base.localFrameA.q = base.localFrameB.q = xToZ;
				ttHingeJointDef hd = ttDefaultHingeJointDef();
				hd.base = base;
				hd.enableLimit = true;
				hd.lowerAngle = -TT_PI / 2;
				hd.upperAngle = TT_PI / 2;
				joints[i] = ttCreateHingeJoint( world, &hd );
			}
			else
			{
				ttSphericalJointDef sd = ttDefaultSphericalJointDef();
				sd.base = base;
				sd.enableSwingLimit = kind == tbJoint_swing90;
				sd.maxSwingAngle = TT_PI / 2;
				joints[i] = ttCreateSphericalJoint( world, &sd );
			}
		}
		previous = body;
	}
	return world;
}

// The bound on joint `index` in an array of bounds; NULL when there is none.
static const ttDistanceBound* tbFind( const ttDistanceBoundArray* array, int jointA, int jointB )
{
	for ( int i = 0; i < array->count; ++i )
	{
		const ttDistanceBound* b = array->data + i;
		if ( ( b->a.joint == jointA && b->b.joint == jointB ) || ( b->a.joint == jointB && b->b.joint == jointA ) )
		{
			return b;
		}
	}
	return NULL;
}

static ttWorld* tbAnalyze( ttWorldId worldId, ttLongRangeFeature feature )
{
	ENSURE( ttWorld_EnableLongRange( worldId, feature, true ) == ttResult_ok );
	ttWorld* world = ttGetWorld( worldId );
	ttLongRange_Analyze( world );
	return world;
}

static void tbAttachments( tbJoint kind, const char* label, const double* upper, const double* lower )
{
	ttJointId joints[4];
	ttWorldId worldId = tbChain( 4, kind, true, joints );
	ttWorld* world = tbAnalyze( worldId, ttLongRange_attachments );
	printf( "attachments, %s: %d bounds\n", label, world->longRange.attachments.count );
	ENSURE( world->longRange.attachments.count == 3 );
	for ( int k = 1; k <= 3; ++k )
	{
		const ttDistanceBound* b = tbFind( &world->longRange.attachments, joints[0].index1 - 1, joints[k].index1 - 1 );
		ENSURE( b != NULL );
		if ( b != NULL )
		{
			printf( "  joint %d: [%.6f, %.6f]\n", k, (double)b->lower, (double)b->upper );
			ENSURE_NEAR( b->upper, upper[k], 1e-5 );
			ENSURE_NEAR( b->lower, lower[k], 1e-5 );
		}
	}
	ttDestroyWorld( worldId );
}

// A free chain of 4 links: level 1 joins joints 1 and 3 across joint 2, level 2 has no pair.
static void tbHierarchy( void )
{
	ttJointId joints[4];
	ttWorldId worldId = tbChain( 4, tbJoint_hinge90, false, joints );
	ttWorld* world = tbAnalyze( worldId, ttLongRange_hierarchy );
	ENSURE( world->longRange.hierarchy.count == 1 );
	const ttDistanceBound* b = tbFind( &world->longRange.hierarchy, joints[1].index1 - 1, joints[3].index1 - 1 );
	ENSURE( b != NULL );
	if ( b != NULL )
	{
		printf( "hierarchy, hinges +-90 degrees: joints 1-3 within [%.6f, %.6f], level %d\n", (double)b->lower,
		        (double)b->upper, b->level );
		ENSURE_NEAR( b->upper, 2, 1e-5 );
		ENSURE_NEAR( b->lower, sqrt( 2.0 ), 1e-5 );
		ENSURE( b->level == 1 );
	}
	// Widening the limits marks the graph dirty; the next analysis drops the lower bound (a bend
	// of 180 degrees folds the chain onto itself).
	ENSURE( ttHingeJoint_SetLimits( joints[2], false, -TT_PI, TT_PI ) == ttResult_ok );
	ENSURE( world->longRange.dirty );
	ttLongRange_Analyze( world );
	b = tbFind( &world->longRange.hierarchy, joints[1].index1 - 1, joints[3].index1 - 1 );
	ENSURE( b != NULL && b->lower == 0 && fabs( (double)b->upper - 2 ) < 1e-5 );
	ttDestroyWorld( worldId );
}

// Fig. 16's mechanism: three links fixed at one end, links 1 and 2 turned up by 90 degrees about
// joint 1, so joint 2 starts sqrt 2 from the anchor. Its attachment's upper bound (2, from the
// links' own geometry) held as a soft lower bound straightens the chain: joint 2 ends near 2.
static void tbUpperAsLower( void )
{
	ttJointId joints[3];
	ttWorldId worldId = tbChain( 3, tbJoint_ball, true, joints );
	ttBodyId links[3];
	ENSURE( ttWorld_GetBodies( worldId, links, 3 ) == 3 );
	ttQuat up = ttQuatFromAxisAngle( ( ttVec3 ){ 0, 0, 1 }, TT_PI / 2 );
	ttBody_SetTransform( links[1], ( ttVec3 ){ 1, (ttReal)0.5, 0 }, up );
	ttBody_SetTransform( links[2], ( ttVec3 ){ 1, (ttReal)1.5, 0 }, up );
	ENSURE( ttWorld_EnableLongRange( worldId, ttLongRange_attachments, true ) == ttResult_ok );
	ttLongRangeBoundSettings soft = { (ttReal)1e-3, (ttReal)1e-3, true };
	ENSURE( ttWorld_SetLongRangeBounds( worldId, ttLongRange_attachments, soft ) == ttResult_ok );
	double start = (double)ttLength( ttJoint_GetAnchorB( joints[2] ) );
	for ( int i = 0; i < 300; ++i )
	{
		ttWorld_Step( worldId, (ttReal)1 / 60 );
	}
	double end = (double)ttLength( ttJoint_GetAnchorB( joints[2] ) );
	printf( "upper bound as soft lower bound: joint 2 %.4f from the anchor at the start, %.4f after 5 s\n", start,
	        end );
	ENSURE_NEAR( start, sqrt( 2.0 ), 1e-6 );
	ENSURE( end > 1.9 );
	// Invalid settings are rejected.
	ttLongRangeBoundSettings bad = { -1, 0, false };
	ENSURE( ttWorld_SetLongRangeBounds( worldId, ttLongRange_attachments, bad ) == ttResult_invalidArgument );
	ENSURE( ttWorld_SetLongRangeBounds( worldId, ttLongRange_hingeChains, soft ) == ttResult_invalidArgument );
	ENSURE( ttWorld_SetLongRangeLevels( worldId, 0 ) == ttResult_invalidArgument );
	ENSURE( ttWorld_SetLongRangeLevels( worldId, 17 ) == ttResult_invalidArgument );
	ENSURE( ttWorld_GetLongRangeLevels( worldId ) == 3 );
	ttDestroyWorld( worldId );
}

int main( void )
{
	// Joint 1 lies on the anchor's own link: its distance is exact, so both bounds are 1.
	const double none[4] = { 0, 1, 0, 0 };
	const double sums[4] = { 0, 1, 2, 3 };
	const double right[4] = { 0, 1, sqrt( 2.0 ), 1 };
	tbAttachments( tbJoint_ball, "ball joints", sums, none );
	tbAttachments( tbJoint_hinge90, "hinges +-90 degrees", sums, right );
	tbAttachments( tbJoint_swing90, "ball joints with a 90 degree swing cone", sums, right );
	tbHierarchy();
	tbUpperAsLower();
	return TEST_RESULT();
}
