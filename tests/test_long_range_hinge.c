// SPDX-License-Identifier: MIT
// Long range constraints, hinge chains (Mueller et al. 2017, section 3.4, figs. 9 and 13).
//
//  1. Fig. 13: a closed chain of 132 steel segments on hinges with parallel axes, with taller
//     segments that shift part of the chain along the axis (joints not in one plane at rest),
//     hung over a drum (scenes/long_range_fig13_hinge_ring.json: 5 iterations as in the paper, 4
//     substeps so that the contacts hold the chain on the drum). With the hingeChains switch
//     every joint location (displaced by its rest offset h along the axis, fig. 9) must stay
//     within 1 mm of the best-fit plane and every hinge axis within 1 degree of its normal over
//     3 s; without the switch the same numbers must be larger than these limits, also at 100
//     iterations. All are printed, with the joint gaps.
//  2. A chain of 40 segments hinged to the world at one end (a fixed plane) swinging down from
//     the horizontal, 1 substep of 5 iterations: the same limits against the anchor's plane.
//  3. Momentum: the ring in zero gravity without contacts, every segment given a random velocity
//     (in and out of the plane): one step of one substep with the projection keeps the linear
//     momentum to rounding and changes the angular momentum by a second-order remainder only.
#include "test_random.h"
#include "validation.h"

#define RING "scenes/long_range_fig13_hinge_ring.json"
#define MAX_LINKS 160

typedef struct Chain
{
	ttWorldId world;
	ttJointId joints[MAX_LINKS];
	double h[MAX_LINKS];      ///< rest offset of joint j along the axis from the weighted mean (or the anchor)
	double weight[MAX_LINKS]; ///< mass of the bodies at joint j
	int count;
	bool anchored; ///< joint 0 is to the world: its plane is the reference
	ttVec3 anchorNormal;
	ttVec3 anchorPoint;
} Chain;

static double BodyMass( ttBodyId body )
{
	return TT_IS_NON_NULL( body ) && ttBody_GetType( body ) == ttBody_dynamic ? (double)ttBody_GetMass( body ) : 0;
}

static ttVec3 AxisOfFrame( ttTransform frame )
{
	return ttRotate( frame.q, ( ttVec3 ){ 1, 0, 0 } );
}

// Rest offsets along the axis, measured from the weighted mean (free chain) or the anchor.
static void Prepare( Chain* chain )
{
	ttVec3 axis = AxisOfFrame( ttJoint_GetFrameA( chain->joints[0] ) );
	double mean = 0, total = 0;
	for ( int j = 0; j < chain->count; ++j )
	{
		ttJointId joint = chain->joints[j];
		chain->h[j] = tvDot( ttJoint_GetAnchorA( joint ), axis );
		chain->weight[j] = BodyMass( ttJoint_GetBodyA( joint ) ) + BodyMass( ttJoint_GetBodyB( joint ) );
		mean += chain->weight[j] * chain->h[j];
		total += chain->weight[j];
	}
	mean = chain->anchored ? chain->h[0] : mean / total;
	for ( int j = 0; j < chain->count; ++j )
	{
		chain->h[j] -= mean;
	}
	chain->anchorNormal = axis;
	chain->anchorPoint = ttJoint_GetAnchorA( chain->joints[0] );
}

typedef struct Planarity
{
	double distance; ///< m, largest distance of a displaced joint location (both sides) from the plane
	double angle;    ///< rad, largest angle of a hinge axis (both sides) from the plane normal
	double gap;      ///< m, largest joint position error
	double solveMs;  ///< per step, projection (hingeChains stats)
	double stepMs;   ///< per step, whole step
} Planarity;

static Planarity Measure( const Chain* chain )
{
	Planarity result = { 0, 0, 0, 0, 0 };
	// Mean axis, then the plane through the displaced joint locations.
	ttVec3 mean = TT_VEC3_ZERO;
	ttVec3 first = AxisOfFrame( ttJoint_GetFrameA( chain->joints[0] ) );
	for ( int j = 0; j < chain->count; ++j )
	{
		for ( int side = 0; side < 2; ++side )
		{
			ttTransform frame =
			    side == 0 ? ttJoint_GetFrameA( chain->joints[j] ) : ttJoint_GetFrameB( chain->joints[j] );
			ttVec3 a = AxisOfFrame( frame );
			mean = ttAdd( mean, tvDot( a, first ) >= 0 ? a : ttNeg( a ) );
		}
	}
	mean = ttNormalize( mean );
	ttVec3 normal = chain->anchorNormal, center = chain->anchorPoint;
	if ( chain->anchored == false )
	{
		double total = 0;
		ttVec3 c = TT_VEC3_ZERO;
		ttVec3 points[2 * MAX_LINKS];
		double weights[2 * MAX_LINKS];
		int n = 0;
		for ( int j = 0; j < chain->count; ++j )
		{
			for ( int side = 0; side < 2; ++side )
			{
				ttVec3 p = side == 0 ? ttJoint_GetAnchorA( chain->joints[j] ) : ttJoint_GetAnchorB( chain->joints[j] );
				points[n] = ttMulAdd( p, (ttReal)-chain->h[j], mean );
				weights[n] = chain->weight[j];
				c = ttMulAdd( c, (ttReal)weights[n], points[n] );
				total += weights[n];
				n += 1;
			}
		}
		center = ttScale( (ttReal)( 1 / total ), c );
		ttMat3 covariance = { TT_VEC3_ZERO, TT_VEC3_ZERO, TT_VEC3_ZERO };
		for ( int i = 0; i < n; ++i )
		{
			ttVec3 d = ttSub( points[i], center );
			ttMat3 outer = { ttScale( d.x, d ), ttScale( d.y, d ), ttScale( d.z, d ) };
			covariance = ttMat3Add( covariance, ttMat3Scale( (ttReal)weights[i], outer ) );
		}
		ttVec3 values;
		ttQuat basis;
		ttMat3SymmetricEigen( covariance, &values, &basis );
		ttMat3 vectors = ttMat3FromQuat( basis );
		normal = values.x <= values.y && values.x <= values.z ? vectors.cx
		                                                      : ( values.y <= values.z ? vectors.cy : vectors.cz );
	}
	for ( int j = 0; j < chain->count; ++j )
	{
		for ( int side = 0; side < 2; ++side )
		{
			ttTransform frame =
			    side == 0 ? ttJoint_GetFrameA( chain->joints[j] ) : ttJoint_GetFrameB( chain->joints[j] );
			ttVec3 a = AxisOfFrame( frame );
			ttVec3 p = ttMulAdd( frame.p, (ttReal)-chain->h[j], normal );
			double distance = fabs( tvDot( ttSub( p, center ), normal ) );
			double angle = acos( fmin( 1.0, fabs( tvDot( a, normal ) ) ) );
			result.distance = distance > result.distance ? distance : result.distance;
			result.angle = angle > result.angle ? angle : result.angle;
		}
		double gap = (double)ttJoint_GetPositionError( chain->joints[j] );
		result.gap = gap > result.gap ? gap : result.gap;
	}
	return result;
}

static void Worst( Planarity* worst, Planarity now )
{
	worst->distance = now.distance > worst->distance ? now.distance : worst->distance;
	worst->angle = now.angle > worst->angle ? now.angle : worst->angle;
	worst->gap = now.gap > worst->gap ? now.gap : worst->gap;
}

static void LoadRing( ttScene* scene, Chain* chain, bool project )
{
	tvLoad( RING, scene );
	ttWorld_EnableLongRange( scene->worldId, ttLongRange_hingeChains, project );
	chain->world = scene->worldId;
	chain->count = scene->jointCount;
	chain->anchored = false;
	for ( int j = 0; j < scene->jointCount; ++j )
	{
		chain->joints[j] = scene->joints[j];
	}
	Prepare( chain );
}

static Planarity RunRing( bool project, int iterations, int* chains )
{
	static ttScene scene;
	static Chain chain;
	LoadRing( &scene, &chain, project );
	ttWorld_SetIterations( scene.worldId, iterations );
	Planarity worst = { 0, 0, 0, 0, 0 };
	*chains = 0;
	int frames = tvFrames( 3.0 );
	for ( int frame = 0; frame < frames; ++frame )
	{
		tvStep( scene.worldId, 1 );
		Worst( &worst, Measure( &chain ) );
		ttStepStats stats = ttWorld_GetStepStats( scene.worldId );
		int count = stats.longRangeCount[ttLongRange_hingeChains];
		*chains = count > *chains ? count : *chains;
		worst.solveMs += stats.longRangeSolveMs[ttLongRange_hingeChains] / frames;
		worst.stepMs += stats.totalMs / frames;
	}
	ttScene_Destroy( &scene );
	return worst;
}

static void Ring( void )
{
	int chainsWith, chainsWithout, chainsHundred;
	Planarity with = RunRing( true, 5, &chainsWith );
	Planarity without = RunRing( false, 5, &chainsWithout );
	Planarity hundred = RunRing( false, 100, &chainsHundred );
	printf( "Fig. 13 ring of 132 segments over a drum, 4 substeps x 5 iterations, 3 s (largest values)\n" );
	printf( "                 | joint from plane | axis from normal | joint gap\n" );
	printf( "  hinge chains   | %.3e m      | %.3e deg    | %.3e m\n", with.distance, with.angle / TV_DEG, with.gap );
	printf( "  without        | %.3e m      | %.3e deg    | %.3e m\n", without.distance, without.angle / TV_DEG,
	        without.gap );
	printf( "  without, 100 it | %.3e m      | %.3e deg    | %.3e m\n", hundred.distance, hundred.angle / TV_DEG,
	        hundred.gap );
	printf( "  projection %.4f ms of %.4f ms per step\n", with.solveMs, with.stepMs );
	ENSURE( chainsWith == 1 && chainsWithout == 0 );
	ENSURE_BELOW( with.distance, 1e-3 );
	ENSURE_BELOW( with.angle, 1 * TV_DEG );
	ENSURE_BELOW( 1e-3, without.distance );
	ENSURE_BELOW( 1 * TV_DEG, without.angle );
	ENSURE_BELOW( 1e-3, hundred.distance );
	ENSURE_BELOW( 1 * TV_DEG, hundred.angle );
}

// An open chain of `links` boxes hinged to the world at its first joint, horizontal at the start,
// with two taller segments shifting the joints along the axis.
static Planarity RunAnchored( bool project, int links )
{
	ttWorldDef def = ttDefaultWorldDef();
	def.substeps = 1;
	def.iterations = 5;
	def.enableContacts = false;
	def.enableLongRange[ttLongRange_hingeChains] = project;
	ttWorldId world = ttCreateWorld( &def );
	static Chain chain;
	chain.world = world;
	chain.count = links;
	chain.anchored = true;
	const double pitch = 0.1, step = 0.03;
	ttBodyId previous = ttNullBodyId;
	double z = 0;
	for ( int i = 0; i < links; ++i )
	{
		double shift = i == 10 ? step : ( i == 25 ? -2 * step : 0 );
		ttBodyDef bodyDef = ttDefaultBodyDef();
		bodyDef.type = ttBody_dynamic;
		bodyDef.position = ( ttVec3 ){ (ttReal)( pitch * ( i + 0.5 ) ), 2, (ttReal)( z + shift / 2 ) };
		ttBodyId body = ttCreateBody( world, &bodyDef );
		ttShapeDef shapeDef = ttDefaultShapeDef();
		ttBox box = { { (ttReal)( pitch / 2 ), (ttReal)0.01, (ttReal)( 0.01 + fabs( shift ) / 2 ) } };
		ttCreateBoxShape( body, &shapeDef, &box );
		ttHingeJointDef hinge = ttDefaultHingeJointDef();
		hinge.base.bodyA = previous;
		hinge.base.bodyB = body;
		ttVec3 anchor = { (ttReal)( pitch * i ), 2, (ttReal)z };
		ttQuat axis = ttQuatFromTo( ( ttVec3 ){ 1, 0, 0 }, ( ttVec3 ){ 0, 0, 1 } );
		hinge.base.localFrameA = ( ttTransform ){ anchor, axis };
		if ( TT_IS_NON_NULL( previous ) )
		{
			ttVec3 p = ttBody_GetPosition( previous );
			hinge.base.localFrameA = ( ttTransform ){ ttSub( anchor, p ), axis };
		}
		hinge.base.localFrameB = ( ttTransform ){ ttSub( anchor, bodyDef.position ), axis };
		chain.joints[i] = ttCreateHingeJoint( world, &hinge );
		previous = body;
		z += shift;
	}
	Prepare( &chain );
	Planarity worst = { 0, 0, 0, 0, 0 };
	for ( int frame = 0; frame < tvFrames( 3.0 ); ++frame )
	{
		tvStep( world, 1 );
		Worst( &worst, Measure( &chain ) );
	}
	ttDestroyWorld( world );
	return worst;
}

static void Anchored( void )
{
	Planarity with = RunAnchored( true, 40 );
	Planarity without = RunAnchored( false, 40 );
	printf( "Chain of 40 segments hinged to the world, swinging down, 1 substep x 5 iterations, 3 s\n" );
	printf( "  hinge chains   | %.3e m      | %.3e deg    | %.3e m\n", with.distance, with.angle / TV_DEG, with.gap );
	printf( "  without        | %.3e m      | %.3e deg    | %.3e m\n", without.distance, without.angle / TV_DEG,
	        without.gap );
	ENSURE_BELOW( with.distance, 1e-3 );
	ENSURE_BELOW( with.angle, 1 * TV_DEG );
	ENSURE_BELOW( 1e-3, without.distance );
	ENSURE_BELOW( 1 * TV_DEG, without.angle );
}

static void MomentumCheck( bool project, double amplitude, double* linear, double* angular )
{
	static ttScene scene;
	static Chain chain;
	LoadRing( &scene, &chain, project );
	ttWorld_SetGravity( scene.worldId, TT_VEC3_ZERO );
	ttWorld_EnableContacts( scene.worldId, false );
	ttWorld_SetSubsteps( scene.worldId, 1 );
	SeedRandom( 13 );
	for ( int i = 0; i < scene.bodyCount; ++i )
	{
		if ( ttBody_GetType( scene.bodies[i] ) != ttBody_dynamic )
		{
			continue;
		}
		ttBody_SetLinearVelocity( scene.bodies[i],
		                          ttScale( (ttReal)amplitude * RandomRange( 0.5, 1.5 ), RandomUnit() ) );
		ttBody_SetAngularVelocity( scene.bodies[i],
		                           ttScale( (ttReal)amplitude * RandomRange( 1.0, 3.0 ), RandomUnit() ) );
	}
	ttVec3 p0 = ttWorld_GetLinearMomentum( scene.worldId ), l0 = ttWorld_GetAngularMomentum( scene.worldId );
	tvStep( scene.worldId, 1 );
	ttVec3 p1 = ttWorld_GetLinearMomentum( scene.worldId ), l1 = ttWorld_GetAngularMomentum( scene.worldId );
	*linear = tvLength( ttSub( p1, p0 ) ) / tvLength( p0 );
	*angular = tvLength( ttSub( l1, l0 ) ) / tvLength( l0 );
	ttScene_Destroy( &scene );
}

static void Momentum( void )
{
	printf(
	    "Momentum: ring, zero gravity, no contacts, random velocities (a x 0.5-1.5 m/s, a x 1-3 rad/s), one step\n" );
	printf( "  a    | rel. change of P: with, without | rel. change of L: with, without\n" );
	double angular[2];
	for ( int k = 0; k < 2; ++k )
	{
		double amplitude = k == 0 ? 0.1 : 0.01;
		double linearWith, angularWith, linearWithout, angularWithout;
		MomentumCheck( true, amplitude, &linearWith, &angularWith );
		MomentumCheck( false, amplitude, &linearWithout, &angularWithout );
		printf( "  %-4g | %.3e, %.3e           | %.3e, %.3e\n", amplitude, linearWith, linearWithout, angularWith,
		        angularWithout );
		ENSURE_BELOW( linearWith, TT_REAL_IS_FLOAT ? 1e-4 : 1e-9 );
		angular[k] = angularWith;
	}
	ENSURE_BELOW( angular[1], 1e-3 );
	ENSURE_NEAR( angular[0] / angular[1], 10, 2 );
}

int main( void )
{
	Ring();
	Anchored();
	Momentum();
	return TEST_RESULT();
}
