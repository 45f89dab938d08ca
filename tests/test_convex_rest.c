// SPDX-License-Identifier: MIT
// Cylinders and convex hulls come to rest at the heights geometry gives, on a plane and on a
// static box: the GJK/EPA path and its face clipping carry them through the solver.
#include "test_macros.h"

#include "tether/tether.h"

static ttWorldId s_world;

static ttBodyId Drop( ttVec3 position, ttQuat rotation )
{
	ttBodyDef def = ttDefaultBodyDef();
	def.type = ttBody_dynamic;
	def.position = position;
	def.rotation = rotation;
	return ttCreateBody( s_world, &def );
}

int main( void )
{
	ttWorldDef worldDef = ttDefaultWorldDef();
	// Rest is measured to 1 mm/s; sleeping (at 0.05 m/s) would zero the velocities and hide it.
	worldDef.enableSleep = false;
	s_world = ttCreateWorld( &worldDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();

	ttBodyDef groundDef = ttDefaultBodyDef();
	ttBodyId ground = ttCreateBody( s_world, &groundDef );
	ttCreatePlaneShape( ground, &shapeDef, &( ttPlane ){ { 0, 1, 0 }, 0 } );
	// A static box 1 m high whose top is at y = 1, far from the others.
	groundDef.position = ( ttVec3 ){ 10, 0.5f, 0 };
	ttBodyId table = ttCreateBody( s_world, &groundDef );
	ttCreateBoxShape( table, &shapeDef, &( ttBox ){ { 1, 0.5f, 1 } } );

	// A standing cylinder (axis along y) rests on its cap: centre at its half height.
	ttBodyId standing = Drop( ( ttVec3 ){ 0, 0.6f, 0 }, TT_QUAT_IDENTITY );
	ttCreateCylinderShape( standing, &shapeDef, &( ttCylinder ){ .halfHeight = 0.4f, .radius = 0.3f } );
	// A cylinder lying on its side (axis along x) rests on a line: centre at its radius.
	ttBodyId lying = Drop( ( ttVec3 ){ 3, 0.5f, 0 }, ttQuatFromAxisAngle( ( ttVec3 ){ 0, 0, 1 }, TT_PI / 2 ) );
	ttCreateCylinderShape( lying, &shapeDef, &( ttCylinder ){ .halfHeight = 0.4f, .radius = 0.3f } );
	// The hull of a cube's corners (plus an interior point) rests on a face: centre at 0.25.
	ttVec3 corners[9] = { { -0.25f, -0.25f, -0.25f }, { 0.25f, -0.25f, -0.25f }, { -0.25f, 0.25f, -0.25f },
	                      { 0.25f, 0.25f, -0.25f },   { -0.25f, -0.25f, 0.25f }, { 0.25f, -0.25f, 0.25f },
	                      { -0.25f, 0.25f, 0.25f },   { 0.25f, 0.25f, 0.25f },   { 0, 0, 0 } };
	ttBodyId cube = Drop( ( ttVec3 ){ 6, 0.4f, 0 }, TT_QUAT_IDENTITY );
	ttCreateHullShape( cube, &shapeDef, corners, 9 );
	// The same hull on the static box (hull against box by GJK/EPA with clipping): centre at 1.25.
	ttBodyId onTable = Drop( ( ttVec3 ){ 10, 1.4f, 0 }, TT_QUAT_IDENTITY );
	ttCreateHullShape( onTable, &shapeDef, corners, 9 );

	for ( int i = 0; i < 180; ++i )
	{
		ttWorld_Step( s_world, 1.0f / 60.0f );
	}

	// Resting within 1 mm of the geometric height, not moving, not tipped.
	ENSURE_NEAR( ttBody_GetPosition( standing ).y, 0.4, 1e-3 );
	ENSURE_NEAR( ttBody_GetPosition( lying ).y, 0.3, 1e-3 );
	ENSURE_NEAR( ttBody_GetPosition( cube ).y, 0.25, 1e-3 );
	ENSURE_NEAR( ttBody_GetPosition( onTable ).y, 1.25, 1e-3 );
	ttBodyId bodies[4] = { standing, lying, cube, onTable };
	for ( int i = 0; i < 4; ++i )
	{
		ENSURE_BELOW( ttLength( ttBody_GetLinearVelocity( bodies[i] ) ), 1e-3 );
		ENSURE_BELOW( ttLength( ttBody_GetAngularVelocity( bodies[i] ) ), 1e-3 );
	}
	ENSURE_NEAR( ttBody_GetRotation( standing ).w, 1, 1e-4 );
	ENSURE_NEAR( ttBody_GetRotation( cube ).w, 1, 1e-4 );
	ttDestroyWorld( s_world );
	return TEST_RESULT();
}
