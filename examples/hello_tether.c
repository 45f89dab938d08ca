// SPDX-License-Identifier: MIT
// A complete tether program: a box dropped on the ground and a pendulum on a hinge.
#include "tether/tether.h"

#include <stdio.h>

int main( void )
{
	ttWorldDef worldDef = ttDefaultWorldDef(); // g = -9.81 m/s^2 along y, 20 substeps x 1 iteration
	ttWorldId world = ttCreateWorld( &worldDef );

	// Static ground: the half space below y = 0.
	ttBodyDef groundDef = ttDefaultBodyDef();
	ttBodyId ground = ttCreateBody( world, &groundDef );
	ttShapeDef shapeDef = ttDefaultShapeDef(); // density 1000 kg/m^3, friction 0.6
	ttCreatePlaneShape( ground, &shapeDef, &( ttPlane ){ .normal = { 0, 1, 0 }, .offset = 0 } );

	// A 1 m cube dropped from 2 m.
	ttBodyDef boxDef = ttDefaultBodyDef();
	boxDef.type = ttBody_dynamic;
	boxDef.position = ( ttVec3 ){ 0, 2, 0 };
	ttBodyId box = ttCreateBody( world, &boxDef );
	ttCreateBoxShape( box, &shapeDef, &( ttBox ){ .halfExtents = { 0.5, 0.5, 0.5 } } );

	// A 1 m pendulum hanging from a hinge at (3, 3, 0) whose axis (the joint frame's x axis) is the
	// world z axis, released horizontally.
	ttBodyDef bobDef = ttDefaultBodyDef();
	bobDef.type = ttBody_dynamic;
	bobDef.position = ( ttVec3 ){ 4, 3, 0 };
	ttBodyId bob = ttCreateBody( world, &bobDef );
	ttCreateSphereShape( bob, &shapeDef, &( ttSphere ){ .radius = 0.1 } );

	ttQuat xToZ = ttQuatFromAxisAngle( ( ttVec3 ){ 0, 1, 0 }, -TT_PI / 2 );
	ttHingeJointDef hingeDef = ttDefaultHingeJointDef();
	hingeDef.base.bodyA = ttNullBodyId; // the static world
	hingeDef.base.bodyB = bob;
	hingeDef.base.localFrameA = ( ttTransform ){ { 3, 3, 0 }, xToZ };  // in world coordinates
	hingeDef.base.localFrameB = ( ttTransform ){ { -1, 0, 0 }, xToZ }; // in the bob's coordinates
	ttJointId hinge = ttCreateHingeJoint( world, &hingeDef );

	for ( int i = 0; i < 120; ++i )
	{
		if ( ttWorld_Step( world, 1.0 / 60.0 ) != ttResult_ok )
		{
			return 1;
		}
	}

	ttVec3 p = ttBody_GetPosition( box );
	ttVec3 force = ttJoint_GetConstraintForce( hinge );
	printf( "box at (%.3f, %.3f, %.3f) m\n", (double)p.x, (double)p.y, (double)p.z );
	printf( "hinge angle %.3f rad, force on the bob %.1f N\n", (double)ttHingeJoint_GetAngle( hinge ),
	        (double)ttLength( force ) );
	ttDestroyWorld( world );
	// The box rests on the ground: its centre is half its size above it.
	return ( p.y > 0.49 && p.y < 0.51 ) ? 0 : 1;
}
