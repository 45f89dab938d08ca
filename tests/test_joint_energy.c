// SPDX-License-Identifier: MIT
// A joint must never add energy (issue 14). Two checks against the energy budget of the scene:
//
// 1. Two 1 kg boxes 10 m apart on a slider along the line between them (prismatic, and generic
//    with the slider axis free), tilted, falling onto the ground. Before the fix they landed at
//    about 14 m/s and then sped up on the ground to 77 m/s and beyond: the slider's correction
//    used A's lever rA instead of rA + delta (the axes turn with A), and corrected along the free
//    axis too. No body may ever move faster than the whole drop could make it,
//    v <= sqrt(2 (E0 - E_min) / m), with E_min the potential energy of both boxes resting.
// 2. Random scenes of every joint type (seeds fixed): one body on a joint to the world or a free
//    pair, anchors up to about 10 m from the centres, random limits, boxes of 0.1 to 10 kg and
//    0.2 to 1 m, a ground plane, 3 s at the default 20 substeps x 1 iteration.
// 3. Chains of two or three joints of one type to the world (the first body on the world, each
//    next body on the one before), random limits as in 2, anchors up to 10 m from light bodies,
//    falling under gravity without a ground for 3 s. One Gauss-Seidel sweep per substep does not
//    solve such a chain, and what it leaves was turned into energy: before the XPBD energy guard
//    (src/joint_energy_guard.c) 24 % of the prismatic, 20 % of the generic, 11 % of the hinge, 12 %
//    of the spherical and 9 % of the distance chains rose above the bound, most by their whole
//    kinetic energy (runaways).
//
// The bound: kinetic plus potential energy E(t) may not rise above E(0) by more than 1 % of the
// largest kinetic energy the scene reached, plus 1 mJ. The integration loses energy in free
// flight (1/2 m g^2 h^2 per substep), a projection onto a joint's constraints from a state that
// satisfies them removes kinetic energy (contacts and stops are inelastic), so what rises is
// the error of linearising the projection on a rotating body, second order in the rotation per
// substep (|w| h <= 0.03 rad here): well below 1 % of the energy that moved.
#include "test_joint_energy_cases.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define GRAVITY 9.81

static ttBodyId CreateBox( ttWorldId world, ttVec3 position, ttQuat rotation, ttVec3 half, double mass )
{
	ttBodyDef def = ttDefaultBodyDef();
	def.type = ttBody_dynamic;
	def.position = position;
	def.rotation = rotation;
	ttBodyId body = ttCreateBody( world, &def );
	ttShapeDef shape = ttDefaultShapeDef();
	shape.density = (ttReal)( mass / ( 8.0 * (double)half.x * (double)half.y * (double)half.z ) );
	ttCreateBoxShape( body, &shape, &( ttBox ){ half } );
	return body;
}

static void AddGround( ttWorldId world )
{
	ttBodyDef def = ttDefaultBodyDef();
	ttBodyId ground = ttCreateBody( world, &def );
	ttShapeDef shape = ttDefaultShapeDef();
	ttCreatePlaneShape( ground, &shape, &( ttPlane ){ { 0, 1, 0 }, 0 } );
}

// Part 1: the slider with a 10 m lever. type 0: generic joint, 1: prismatic joint.
static void CheckLongSlider( int type, double degrees )
{
	ttWorldDef worldDef = ttDefaultWorldDef();
	ttWorldId world = ttCreateWorld( &worldDef );
	AddGround( world );
	double angle = degrees * 3.14159265358979323846 / 180.0;
	ttVec3 direction = { (ttReal)cos( angle ), (ttReal)sin( angle ), 0 };
	ttVec3 half = { (ttReal)0.5, (ttReal)0.5, (ttReal)0.5 };
	ttBodyId a = CreateBox( world, ( ttVec3 ){ 0, 10, 0 }, TT_QUAT_IDENTITY, half, 1 );
	ttBodyId b = CreateBox( world, ttMulAdd( ( ttVec3 ){ 0, 10, 0 }, 10, direction ), TT_QUAT_IDENTITY, half, 1 );
	// Both frames at the body centres with x along the line: the anchors are 10 m apart along
	// the free axis from the start.
	ttQuat frame = ttQuatFromAxisAngle( ( ttVec3 ){ 0, 0, 1 }, (ttReal)angle );
	ttJointDef base = ttDefaultJointDef();
	base.bodyA = a;
	base.bodyB = b;
	base.localFrameA = ( ttTransform ){ TT_VEC3_ZERO, frame };
	base.localFrameB = ( ttTransform ){ TT_VEC3_ZERO, frame };
	ttJointId joint;
	if ( type == 0 )
	{
		ttGenericJointDef def = ttDefaultGenericJointDef();
		def.base = base;
		def.lowerTranslation = ( ttVec3 ){ 1, 0, 0 }; // x free (lower > upper), y and z locked
		def.upperTranslation = ( ttVec3 ){ 0, 0, 0 };
		joint = ttCreateGenericJoint( world, &def );
	}
	else
	{
		ttPrismaticJointDef def = ttDefaultPrismaticJointDef();
		def.base = base;
		joint = ttCreatePrismaticJoint( world, &def );
	}
	ENSURE( TT_IS_NON_NULL( joint ) );

	double e0 = TotalEnergy( world );
	double resting = 2 * GRAVITY * 0.5; // both boxes on the ground, centres 0.5 m up
	double speedLimit = sqrt( 2 * ( e0 - resting ) / 1.0 );
	double maxSpeed = 0, maxRise = 0, maxKinetic = 0;
	for ( int step = 0; step < 600; ++step )
	{
		ttWorld_Step( world, (ttReal)( 1.0 / 60.0 ) );
		double speed = fmax( (double)ttLength( ttBody_GetLinearVelocity( a ) ),
		                     (double)ttLength( ttBody_GetLinearVelocity( b ) ) );
		maxSpeed = fmax( maxSpeed, speed );
		maxRise = fmax( maxRise, TotalEnergy( world ) - e0 );
		maxKinetic = fmax( maxKinetic, (double)ttWorld_GetKineticEnergy( world ) );
	}
	printf( "%s slider at %.0f deg, 10 m lever: E0 %.3f J, largest rise %.3g J, fastest %.3f m/s (drop allows %.3f)\n",
	        type == 0 ? "generic" : "prismatic", degrees, e0, maxRise, maxSpeed, speedLimit );
	ENSURE_BELOW( maxSpeed, speedLimit );
	ENSURE_BELOW( maxRise, 0.01 * maxKinetic + 1e-3 );
	ttDestroyWorld( world );
}

// A joint solver family (the soak's --joint-solver and --tree).
typedef struct Family
{
	const char* name;
	ttJointSolverType solver;
	bool tree;
} Family;

static ttWorldDef FamilyWorldDef( const Family* family )
{
	ttWorldDef def = ttDefaultWorldDef();
	def.jointSolver = family->solver;
	def.jointTreeSolve = family->tree;
	return def;
}

// Part 2: one random scene; returns the largest rise of E over the bound's scale (pass < 1).
static double RandomScene( const Family* family, uint64_t seed, int type, double* riseOut, double* kineticOut )
{
	SeedRandom( seed );
	ttWorldDef worldDef = FamilyWorldDef( family );
	ttWorldId world = ttCreateWorld( &worldDef );
	AddGround( world );
	bool toWorld = Random01() < 0.5;
	ttBodyId bodies[2];
	for ( int i = 0; i < 2; ++i )
	{
		ttVec3 position = { (ttReal)( i * RandomRange( 1.5, 6 ) ), RandomRange( 3, 8 ), RandomRange( -1, 1 ) };
		ttVec3 half = { RandomRange( 0.1, 0.5 ), RandomRange( 0.1, 0.5 ), RandomRange( 0.1, 0.5 ) };
		bodies[i] = CreateBox( world, position, RandomRotation(), half, RandomRange( 0.1, 10 ) );
	}
	ttBodyId a = toWorld ? ttNullBodyId : bodies[0];
	ttBodyId b = bodies[1];
	ttVec3 pa = toWorld ? ttAdd( ttBody_GetPosition( b ), RandomVec( 10 ) ) : ttBody_GetPosition( a );
	ttVec3 pb = ttBody_GetPosition( b );
	ttVec3 point = ttAdd( ttAdd( pa, ttScale( RandomRange( -0.2, 1.2 ), ttSub( pb, pa ) ) ), RandomVec( 1 ) );
	ttJointId joint = CreateRandomJoint( world, type, a, b, point, RandomRotation() );
	ENSURE( TT_IS_NON_NULL( joint ) );

	double ratio = RunEnergyBound( world, 180, riseOut, kineticOut );
	ttDestroyWorld( world );
	return ratio;
}

// Part 3: one random chain; returns the largest rise of E over the bound's scale (pass < 1).
static double RandomChain( const Family* family, uint64_t seed, int type, double* riseOut, double* kineticOut )
{
	SeedRandom( seed );
	ttWorldDef worldDef = FamilyWorldDef( family );
	ttWorldId world = ttCreateWorld( &worldDef );
	int count = Random01() < 0.5 ? 2 : 3;
	ttBodyId bodies[3];
	ttVec3 previous = { 0, RandomRange( 3, 8 ), 0 };
	for ( int i = 0; i < count; ++i )
	{
		ttVec3 position =
		    ttAdd( previous, ( ttVec3 ){ RandomRange( 1.5, 6 ), RandomRange( -1, 1 ), RandomRange( -1, 1 ) } );
		ttVec3 half = { RandomRange( 0.1, 0.5 ), RandomRange( 0.1, 0.5 ), RandomRange( 0.1, 0.5 ) };
		bodies[i] = CreateBox( world, position, RandomRotation(), half, RandomRange( 0.1, 10 ) );
		previous = position;
	}
	for ( int i = 0; i < count; ++i )
	{
		ttBodyId a = i == 0 ? ttNullBodyId : bodies[i - 1];
		ttBodyId b = bodies[i];
		ttVec3 pb = ttBody_GetPosition( b );
		ttVec3 pa = i == 0 ? ttAdd( pb, RandomVec( 10 ) ) : ttBody_GetPosition( a );
		ttVec3 point = ttAdd( ttAdd( pa, ttScale( RandomRange( -0.2, 1.2 ), ttSub( pb, pa ) ) ), RandomVec( 1 ) );
		ENSURE( TT_IS_NON_NULL( CreateRandomJoint( world, type, a, b, point, RandomRotation() ) ) );
	}
	double ratio = RunEnergyBound( world, 180, riseOut, kineticOut );
	ttDestroyWorld( world );
	return ratio;
}

typedef double ( *RandomCase )( const Family* family, uint64_t seed, int type, double* riseOut, double* kineticOut );

// Parts 2 and 3 for one family: `scenes` cases of each joint type; each must stay within the bound.
static void CheckRandomCases( const Family* family, RandomCase run, const char* what, uint64_t firstSeed, int scenes )
{
	static const char* names[] = { "fixed", "hinge", "spherical", "prismatic", "distance", "generic" };
	static const ttJointType types[] = { ttJoint_fixed,     ttJoint_hinge,    ttJoint_spherical,
	                                     ttJoint_prismatic, ttJoint_distance, ttJoint_generic };
	for ( int t = 0; t < 6; ++t )
	{
		double worst = 0, worstRise = 0, worstKinetic = 0;
		int worstSeed = 0, over = 0;
		for ( int k = 0; k < scenes; ++k )
		{
			uint64_t seed = firstSeed + (uint64_t)( 1000 * t + k );
			double rise, kinetic;
			double ratio = run( family, seed, types[t], &rise, &kinetic );
			over += ratio >= 1;
			if ( ratio > worst )
			{
				worst = ratio;
				worstRise = rise;
				worstKinetic = kinetic;
				worstSeed = (int)seed;
			}
		}
		printf( "%-9s %-9s: %d random %s, %d above the bound, worst rise %.3g J at largest kinetic energy %.3g J "
		        "(seed %d)\n",
		        family->name, names[t], scenes, what, over, worstRise, worstKinetic, worstSeed );
		ENSURE_BELOW( worst, 1 );
	}
}

int main( void )
{
	for ( int type = 0; type < 2; ++type )
	{
		CheckLongSlider( type, 30 );
		CheckLongSlider( type, 60 );
	}

	// Every family under the same bound, in double and in float: the XPBD joints, sequential
	// impulses with and without the tree solve, and the point-mass joints. Until the point-mass
	// blocks were summed in double (joint_pointmass_wide.c), 14 of the point-mass family's 720
	// cases broke it in float, one running away to 8e7 J (docs/hardening.md).
	static const Family families[] = {
	    { "xpbd", ttJointSolver_xpbd, false },
	    { "si", ttJointSolver_si, false },
	    { "si+tree", ttJointSolver_si, true },
	    { "pointmass", ttJointSolver_pointmass, false },
	};
	const int scenes = 60;
	const int familyCount = (int)( sizeof( families ) / sizeof( families[0] ) );
	for ( int f = 0; f < familyCount; ++f )
	{
		CheckRandomCases( families + f, RandomScene, "scenes", 1000, scenes );
		CheckRandomCases( families + f, RandomChain, "chains", 7000, scenes );
	}
	return TEST_RESULT();
}
