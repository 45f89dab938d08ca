// SPDX-License-Identifier: MIT
// What the joint energy tests share (issue 14, test_joint_energy and test_joint_contact_energy):
// the energy, random joints of every type that start satisfied, and the bound a run is held to.
//
// The bound: kinetic plus potential energy E(t) may not rise above E(0) by more than 1 % of the
// largest kinetic energy the scene reached, plus 1 mJ (each test says why nothing in its scenes
// may add more).
#pragma once

#include "test_macros.h"
#include "test_random.h"

#include <math.h>

static inline double TotalEnergy( ttWorldId world )
{
	return (double)ttWorld_GetKineticEnergy( world ) + (double)ttWorld_GetPotentialEnergy( world );
}

/// Steps the world `steps` frames of 1/60 s and returns the largest rise of E above E(0) over the
/// bound (pass < 1); the rise and the largest kinetic energy go to riseOut and kineticOut.
static inline double RunEnergyBound( ttWorldId world, int steps, double* riseOut, double* kineticOut )
{
	double e0 = TotalEnergy( world );
	double rise = 0, kinetic = 0;
	for ( int step = 0; step < steps; ++step )
	{
		ttWorld_Step( world, (ttReal)( 1.0 / 60.0 ) );
		rise = fmax( rise, TotalEnergy( world ) - e0 );
		kinetic = fmax( kinetic, (double)ttWorld_GetKineticEnergy( world ) );
	}
	*riseOut = rise;
	*kineticOut = kinetic;
	return rise / ( 0.01 * kinetic + 1e-3 );
}

/// The transform of a world frame in a body's coordinates.
static inline ttTransform LocalFrame( ttBodyId body, ttVec3 point, ttQuat rotation )
{
	ttTransform t = ttBody_GetTransform( body );
	return ( ttTransform ){ ttInvRotate( t.q, ttSub( point, t.p ) ), ttQuatMul( ttQuatConj( t.q ), rotation ) };
}

/// A joint of `type` between a (or the world) and b at a world frame (point, rotation), so that
/// it starts satisfied, with random limits.
static inline ttJointId CreateRandomJoint( ttWorldId world, ttJointType type, ttBodyId a, ttBodyId b, ttVec3 point,
                                           ttQuat rotation )
{
	ttJointDef base = ttDefaultJointDef();
	base.bodyA = a;
	base.bodyB = b;
	base.localFrameA = TT_IS_NON_NULL( a ) ? LocalFrame( a, point, rotation ) : ( ttTransform ){ point, rotation };
	base.localFrameB = LocalFrame( b, point, rotation );
	switch ( type )
	{
		case ttJoint_fixed:
		{
			ttFixedJointDef def = ttDefaultFixedJointDef();
			def.base = base;
			return ttCreateFixedJoint( world, &def );
		}
		case ttJoint_hinge:
		{
			ttHingeJointDef def = ttDefaultHingeJointDef();
			def.base = base;
			def.enableLimit = Random01() < 0.5;
			def.lowerAngle = RandomRange( -3, 0 );
			def.upperAngle = RandomRange( 0, 3 );
			return ttCreateHingeJoint( world, &def );
		}
		case ttJoint_spherical:
		{
			ttSphericalJointDef def = ttDefaultSphericalJointDef();
			def.base = base;
			def.enableSwingLimit = Random01() < 0.5;
			def.maxSwingAngle = RandomRange( 0.1, 2.6 );
			def.enableTwistLimit = Random01() < 0.5;
			def.lowerTwistAngle = RandomRange( -3, 0 );
			def.upperTwistAngle = RandomRange( 0, 3 );
			// The twist is undefined at 180 degrees of swing (docs/validation.md): a twist limit
			// comes with a swing limit below it.
			def.enableSwingLimit = def.enableSwingLimit || def.enableTwistLimit;
			return ttCreateSphericalJoint( world, &def );
		}
		case ttJoint_prismatic:
		{
			ttPrismaticJointDef def = ttDefaultPrismaticJointDef();
			def.base = base;
			def.enableLimit = Random01() < 0.5;
			def.lowerTranslation = RandomRange( -3, 0 );
			def.upperTranslation = RandomRange( 0, 3 );
			return ttCreatePrismaticJoint( world, &def );
		}
		case ttJoint_distance:
		{
			ttDistanceJointDef def = ttDefaultDistanceJointDef();
			def.base = base;
			ttVec3 offset = RandomVec( 3 );
			def.base.localFrameB = LocalFrame( b, ttAdd( point, offset ), rotation );
			ttReal length = ttLength( offset );
			def.minLength = length * RandomRange( 0, 1 );
			def.maxLength = length * RandomRange( 1, 1.5 );
			return ttCreateDistanceJoint( world, &def );
		}
		default:
		{
			ttGenericJointDef def = ttDefaultGenericJointDef();
			def.base = base;
			def.lockRotation = Random01() < 0.5;
			ttReal* lower = &def.lowerTranslation.x;
			ttReal* upper = &def.upperTranslation.x;
			for ( int k = 0; k < 3; ++k )
			{
				double r = Random01();
				lower[k] = r < 1.0 / 3.0 ? 0 : ( r < 2.0 / 3.0 ? 1 : RandomRange( -2, 0 ) ); // locked, free, limited
				upper[k] = r < 2.0 / 3.0 ? 0 : RandomRange( 0, 2 );
			}
			return ttCreateGenericJoint( world, &def );
		}
	}
}
