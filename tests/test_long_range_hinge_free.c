// SPDX-License-Identifier: MIT
// Hinge chains not anchored to anything static keep their energy with the hingeChains feature
// (issue 14). The plane of a free chain is fitted to its joint locations; for a pair on one
// hinge those coincide, the fit's covariance is zero and its eigenvectors arbitrary, and for a
// straight chain two eigenvalues are rounding noise. Turned onto such a normal, two boxes at
// rest left at 100 m/s after one step and a straight chain took 1.2 kJ. Expected values:
//  * a pair and a straight chain of 6 released at rest fall freely: every velocity is g t
//    (exactly the integration's free fall, to rounding: 1e-9 m/s, 1e-3 in the float build), with
//    and without gravity;
//  * curved chains of 8 with random velocities in zero gravity: the kinetic energy never rises
//    above its value after the first step (which settles the random velocities onto the joints)
//    by more than 1e-9 of it, and the linear momentum stays to 1e-9 (1e-3 in float). In the float
//    build hinge chains drift up by rounding a few per cent in these 5 s, with or without the
//    feature: 4.7 % without it before the XPBD joints' energy guard (issue 14), 1.7 % with the
//    guard, and 3.5 % with the feature, before and after the guard (its float threshold, 1e-3 of
//    the energy per substep, is above a drift of 3e-5 per substep). The float bound is therefore
//    absolute: 5 % of E0, about what the hinges alone drifted before the guard.
#include "test_macros.h"
#include "test_random.h"

#include <math.h>
#include <stdio.h>

#define MAX_LINKS 8
// Float: 1200 substeps adding g h to |v| <= 10 m/s round by up to 1200 * 6e-8 * 10 = 7e-4.
#define ROUNDING ( TT_REAL_IS_FLOAT ? 1e-3 : 1e-9 )

typedef struct Chain
{
	ttWorldId world;
	ttBodyId bodies[MAX_LINKS];
	int count;
} Chain;

static ttTransform LocalFrame( ttBodyId body, ttVec3 point, ttQuat rotation )
{
	ttTransform t = ttBody_GetTransform( body );
	return ( ttTransform ){ ttInvRotate( t.q, ttSub( point, t.p ) ), ttQuatMul( ttQuatConj( t.q ), rotation ) };
}

// Boxes 1 m long end to end, each turned about z from the one before by up to `bend` rad, joined
// at their ends by hinges about z.
static Chain BuildChain( int count, double bend, ttVec3 gravity )
{
	Chain chain = { 0 };
	ttWorldDef worldDef = ttDefaultWorldDef();
	worldDef.gravity = gravity;
	worldDef.enableContacts = false;
	chain.world = ttCreateWorld( &worldDef );
	chain.count = count;
	ENSURE( ttWorld_EnableLongRange( chain.world, ttLongRange_hingeChains, true ) == ttResult_ok );
	ttShapeDef shape = ttDefaultShapeDef();
	shape.density = 1;
	ttVec3 position = { 0, 5, 0 };
	ttReal angle = 0;
	for ( int i = 0; i < count; ++i )
	{
		ttBodyDef def = ttDefaultBodyDef();
		def.type = ttBody_dynamic;
		def.position = position;
		def.rotation = ttQuatFromAxisAngle( ( ttVec3 ){ 0, 0, 1 }, angle );
		chain.bodies[i] = ttCreateBody( chain.world, &def );
		ttCreateBoxShape( chain.bodies[i], &shape, &( ttBox ){ { (ttReal)0.5, (ttReal)0.2, (ttReal)0.2 } } );
		ttReal next = angle + RandomRange( -bend, bend );
		position = ttAdd( position, ttRotate( def.rotation, ( ttVec3 ){ (ttReal)0.5, 0, 0 } ) );
		position = ttAdd(
		    position, ttRotate( ttQuatFromAxisAngle( ( ttVec3 ){ 0, 0, 1 }, next ), ( ttVec3 ){ (ttReal)0.5, 0, 0 } ) );
		angle = next;
	}
	// Hinge frames: x (the hinge axis) along world z.
	ttQuat frame = ttQuatFromAxisAngle( ( ttVec3 ){ 0, 1, 0 }, (ttReal)( -1.5707963267948966 ) );
	for ( int i = 1; i < count; ++i )
	{
		ttVec3 point = ttBody_GetWorldPoint( chain.bodies[i - 1], ( ttVec3 ){ (ttReal)0.5, 0, 0 } );
		ttHingeJointDef def = ttDefaultHingeJointDef();
		def.base.bodyA = chain.bodies[i - 1];
		def.base.bodyB = chain.bodies[i];
		def.base.localFrameA = LocalFrame( chain.bodies[i - 1], point, frame );
		def.base.localFrameB = LocalFrame( chain.bodies[i], point, frame );
		ENSURE( TT_IS_NON_NULL( ttCreateHingeJoint( chain.world, &def ) ) );
	}
	return chain;
}

// Released at rest: after `steps` steps every body moves at g t, nothing turns.
static void CheckFreeFall( int count, ttVec3 gravity, const char* what )
{
	Chain chain = BuildChain( count, 0, gravity );
	const int steps = 60;
	double worst = 0, worstSpin = 0;
	for ( int step = 1; step <= steps; ++step )
	{
		ttWorld_Step( chain.world, (ttReal)( 1.0 / 60.0 ) );
		ttVec3 expected = ttScale( (ttReal)( step / 60.0 ), gravity );
		for ( int i = 0; i < count; ++i )
		{
			worst = fmax( worst, (double)ttLength( ttSub( ttBody_GetLinearVelocity( chain.bodies[i] ), expected ) ) );
			worstSpin = fmax( worstSpin, (double)ttLength( ttBody_GetAngularVelocity( chain.bodies[i] ) ) );
		}
	}
	printf( "%s: largest |v - g t| %.3g m/s, largest |w| %.3g rad/s over 1 s\n", what, worst, worstSpin );
	ENSURE_BELOW( worst, ROUNDING );
	ENSURE_BELOW( worstSpin, ROUNDING );
	ttDestroyWorld( chain.world );
}

int main( void )
{
	CheckFreeFall( 2, ( ttVec3 ){ 0, 0, 0 }, "pair at rest, no gravity" );
	CheckFreeFall( 2, ( ttVec3 ){ 0, (ttReal)-9.81, 0 }, "pair at rest, falling" );
	CheckFreeFall( 6, ( ttVec3 ){ 0, (ttReal)-9.81, 0 }, "straight chain of 6, falling" );

	double worstRise[2] = { 0, 0 }, worstMomentum = 0;
	for ( int feature = 1; feature >= 0; --feature )
	{
		for ( int seed = 1; seed <= 10; ++seed )
		{
			SeedRandom( (uint64_t)seed );
			Chain chain = BuildChain( MAX_LINKS, 0.6, ( ttVec3 ){ 0, 0, 0 } );
			ENSURE( ttWorld_EnableLongRange( chain.world, ttLongRange_hingeChains, feature == 1 ) == ttResult_ok );
			for ( int i = 0; i < chain.count; ++i )
			{
				ttBody_SetLinearVelocity( chain.bodies[i], RandomVec( 2 ) );
				ttBody_SetAngularVelocity( chain.bodies[i], RandomVec( 2 ) );
			}
			ttWorld_Step( chain.world, (ttReal)( 1.0 / 60.0 ) );
			double e0 = (double)ttWorld_GetKineticEnergy( chain.world );
			ttVec3 p0 = ttWorld_GetLinearMomentum( chain.world );
			double rise = 0;
			for ( int step = 0; step < 300; ++step )
			{
				ttWorld_Step( chain.world, (ttReal)( 1.0 / 60.0 ) );
				rise = fmax( rise, ( (double)ttWorld_GetKineticEnergy( chain.world ) - e0 ) / e0 );
			}
			worstRise[feature] = fmax( worstRise[feature], rise );
			if ( feature == 1 )
			{
				double momentum = (double)ttLength( ttSub( ttWorld_GetLinearMomentum( chain.world ), p0 ) );
				worstMomentum = fmax( worstMomentum, momentum );
			}
			ttDestroyWorld( chain.world );
		}
	}
	printf( "10 free curved chains of 8, random velocities, 5 s: largest energy rise %.3g of E0 (without the feature "
	        "%.3g), momentum change %.3g N s\n",
	        worstRise[1], worstRise[0], worstMomentum );
	ENSURE_BELOW( worstRise[1], TT_REAL_IS_FLOAT ? 0.05 : 1e-9 );
	ENSURE_BELOW( worstMomentum, ROUNDING );
	return TEST_RESULT();
}
