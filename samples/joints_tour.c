// SPDX-License-Identifier: MIT
// Sample 2, joints tour: one of each joint type, each holding a 1 kg ball under gravity, run for
// two seconds; then the world is written with ttWorld_SaveScene so that `tether view FILE` shows
// it. Exit 0 when every joint still holds its ball (anchor error below 1 mm) and the prismatic
// and distance joints keep their limits.
#include "tether/tether.h"

#include <math.h>
#include <stdio.h>

static ttBodyId Ball( ttWorldId world, ttVec3 position )
{
	ttBodyDef def = ttDefaultBodyDef();
	def.type = ttBody_dynamic;
	def.position = position;
	ttBodyId body = ttCreateBody( world, &def );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	shapeDef.density = 1 / ( 4.0 / 3.0 * TT_PI * 0.062 * 0.062 * 0.062 ); // about 1 kg
	ttCreateSphereShape( body, &shapeDef, &( ttSphere ){ .radius = 0.062 } );
	return body;
}

// A joint def's base: the static world (null body A) at `pivot`, the ball at `offset` from it.
static ttJointDef Base( ttBodyId ball, ttVec3 pivot, ttVec3 offset )
{
	ttJointDef base = ttDefaultJointDef();
	base.bodyA = ttNullBodyId;
	base.bodyB = ball;
	base.localFrameA.p = pivot;                 // world coordinates, since body A is the world
	base.localFrameB.p = ttScale( -1, offset ); // the pivot in the ball's coordinates
	return base;
}

int main( int argc, char** argv )
{
	const char* savePath = argc > 1 ? argv[1] : "joints_tour.json";
	ttWorldDef worldDef = ttDefaultWorldDef();
	ttWorldId world = ttCreateWorld( &worldDef );
	ttJointId joints[7];
	const char* names[7] = { "fixed", "hinge", "spherical", "prismatic", "distance", "generic", "path" };
	ttVec3 sideways = { 0.5, 0, 0 };

	// Fixed: the ball is welded half a metre beside its pivot and cannot move.
	ttFixedJointDef fixed = ttDefaultFixedJointDef();
	fixed.base = Base( Ball( world, ( ttVec3 ){ 0.5, 2, 0 } ), ( ttVec3 ){ 0, 2, 0 }, sideways );
	joints[0] = ttCreateFixedJoint( world, &fixed );

	// Hinge about the world z axis (the frame's x axis turned onto z): a pendulum released sideways.
	ttQuat xToZ = ttQuatFromAxisAngle( ( ttVec3 ){ 0, 1, 0 }, -TT_PI / 2 );
	ttHingeJointDef hinge = ttDefaultHingeJointDef();
	hinge.base = Base( Ball( world, ( ttVec3 ){ 2.5, 2, 0 } ), ( ttVec3 ){ 2, 2, 0 }, sideways );
	hinge.base.localFrameA.q = xToZ;
	hinge.base.localFrameB.q = xToZ;
	joints[1] = ttCreateHingeJoint( world, &hinge );

	// Spherical with a 45 degree swing cone about the frame's x axis (pointing from pivot to ball).
	ttSphericalJointDef spherical = ttDefaultSphericalJointDef();
	spherical.base = Base( Ball( world, ( ttVec3 ){ 4.5, 2, 0 } ), ( ttVec3 ){ 4, 2, 0 }, sideways );
	spherical.enableSwingLimit = true;
	spherical.maxSwingAngle = TT_PI / 4;
	joints[2] = ttCreateSphericalJoint( world, &spherical );

	// Prismatic along the world y axis (frame x turned onto y), limited to 0.3 m of travel down.
	ttQuat xToY = ttQuatFromAxisAngle( ( ttVec3 ){ 0, 0, 1 }, TT_PI / 2 );
	ttPrismaticJointDef prismatic = ttDefaultPrismaticJointDef();
	prismatic.base = Base( Ball( world, ( ttVec3 ){ 6, 2, 0 } ), ( ttVec3 ){ 6, 2, 0 }, ( ttVec3 ){ 0, 0, 0 } );
	prismatic.base.localFrameA.q = xToY;
	prismatic.base.localFrameB.q = xToY;
	prismatic.enableLimit = true;
	prismatic.lowerTranslation = -0.3;
	prismatic.upperTranslation = 0;
	joints[3] = ttCreatePrismaticJoint( world, &prismatic );

	// Distance: a rope of 0.4 to 0.6 m.
	ttDistanceJointDef distance = ttDefaultDistanceJointDef();
	distance.base = Base( Ball( world, ( ttVec3 ){ 8.5, 2, 0 } ), ( ttVec3 ){ 8, 2, 0 }, sideways );
	distance.base.localFrameB.p = ( ttVec3 ){ 0, 0, 0 };
	distance.minLength = 0.4;
	distance.maxLength = 0.6;
	joints[4] = ttCreateDistanceJoint( world, &distance );

	// Generic: free to slide along x (lower > upper frees an axis), rotation locked.
	ttGenericJointDef generic = ttDefaultGenericJointDef();
	generic.base = Base( Ball( world, ( ttVec3 ){ 10.5, 2, 0 } ), ( ttVec3 ){ 10, 2, 0 }, sideways );
	generic.lowerTranslation = ( ttVec3 ){ 1, 0, 0 };
	generic.upperTranslation = ( ttVec3 ){ -1, 0, 0 };
	joints[5] = ttCreateGenericJoint( world, &generic );

	// Path: the ball slides on a closed smooth loop around (12, 2, 0).
	ttVec3 loop[4] = { { 11.5, 2, 0 }, { 12, 1.5, 0 }, { 12.5, 2, 0 }, { 12, 2.5, 0 } };
	ttPathJointDef path = ttDefaultPathJointDef();
	path.base = Base( Ball( world, loop[0] ), loop[0], ( ttVec3 ){ 0, 0, 0 } );
	path.base.localFrameA.p = ( ttVec3 ){ 0, 0, 0 };
	path.points = loop;
	path.pointCount = 4;
	path.closed = true;
	path.smooth = true;
	joints[6] = ttCreatePathJoint( world, &path );

	for ( int step = 0; step < 120; ++step )
	{
		ttWorld_Step( world, 1.0 / 60.0 );
	}

	int failures = 0;
	for ( int i = 0; i < 7; ++i )
	{
		double error = (double)ttJoint_GetPositionError( joints[i] );
		printf( "%-9s anchor error %.2e m (allowed 1e-3 m)\n", names[i], error );
		failures += !( error < 1e-3 );
	}
	double travel = (double)ttPrismaticJoint_GetTranslation( joints[3] );
	double length = (double)ttDistanceJoint_GetLength( joints[4] );
	printf( "prismatic translation %.4f m (limit -0.3 m), rope length %.4f m (0.4 to 0.6 m)\n", travel, length );
	failures += fabs( travel + 0.3 ) > 1e-3 || length < 0.399 || length > 0.601;

	ttResult saved = ttWorld_SaveScene( world, savePath );
	printf( "saved the world to %s: %s (open it with: tether view %s)\n", savePath, ttResultName( saved ), savePath );
	failures += saved != ttResult_ok;
	ttDestroyWorld( world );
	return failures == 0 ? 0 : 1;
}
