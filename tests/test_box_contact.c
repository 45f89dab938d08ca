// SPDX-License-Identifier: MIT
// Box-box contact geometry (separating axes and face clipping), read through the contact data of a
// world where two boxes hover 5 mm apart: inside the speculative distance, so contact points are
// reported without any correction moving the bodies. Expected values are from the geometry.
#include "test_macros.h"

#include "tether/tether.h"

static int Contacts( ttQuat rotationA, ttVec3 positionB, ttQuat rotationB, ttContactData* out )
{
	ttWorldDef worldDef = ttDefaultWorldDef();
	worldDef.gravity = ( ttVec3 ){ 0, 0, 0 };
	ttWorldId world = ttCreateWorld( &worldDef );
	ttBodyDef def = ttDefaultBodyDef();
	def.rotation = rotationA;
	ttBodyId a = ttCreateBody( world, &def ); // static
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttCreateBoxShape( a, &shapeDef, &( ttBox ){ { 0.5f, 0.5f, 0.5f } } );
	def = ttDefaultBodyDef();
	def.type = ttBody_dynamic;
	def.position = positionB;
	def.rotation = rotationB;
	ttBodyId b = ttCreateBody( world, &def );
	ttCreateBoxShape( b, &shapeDef, &( ttBox ){ { 0.5f, 0.5f, 0.5f } } );
	ttWorld_Step( world, 1.0f / 60.0f );
	int count = ttWorld_GetContactData( world, out, 8 );
	ENSURE_NEAR( ttLength( ttBody_GetLinearVelocity( b ) ), 0, 1e-12 ); // speculative points do not act
	ttDestroyWorld( world );
	return count;
}

int main( void )
{
	ttContactData c[8];
	const ttReal gap = 0.005f;

	// Face on face: four points at the corners, normal +y, separation = the gap.
	int count = Contacts( TT_QUAT_IDENTITY, ( ttVec3 ){ 0, 1 + gap, 0 }, TT_QUAT_IDENTITY, c );
	ENSURE( count == 4 );
	for ( int i = 0; i < count; ++i )
	{
		ENSURE_NEAR( c[i].normal.y, 1, 1e-9 );
		ENSURE_NEAR( c[i].separation, gap, 1e-6 );
		ENSURE_NEAR( ttAbs( c[i].point.x ), 0.5, 1e-6 );
		ENSURE_NEAR( ttAbs( c[i].point.z ), 0.5, 1e-6 );
	}

	// The upper box turned 30 degrees about y: the clipped polygon has 8 vertices; the 4 kept lie
	// inside both faces.
	count = Contacts( TT_QUAT_IDENTITY, ( ttVec3 ){ 0, 1 + gap, 0 },
	                  ttQuatFromAxisAngle( ( ttVec3 ){ 0, 1, 0 }, TT_PI / 6 ), c );
	ENSURE( count == 4 );
	for ( int i = 0; i < count; ++i )
	{
		ENSURE( ttAbs( c[i].point.x ) <= 0.5 + 1e-6 && ttAbs( c[i].point.z ) <= 0.5 + 1e-6 );
		ENSURE_NEAR( c[i].separation, gap, 1e-6 );
	}

	// Crossed edges: the lower box turned 45 degrees about z (a ridge along z on top), the upper one
	// 45 degrees about x (a ridge along x below): one point where the ridges cross, on the y axis.
	ttReal ridge = 0.5f * ttSqrt( 2 );
	count = Contacts( ttQuatFromAxisAngle( ( ttVec3 ){ 0, 0, 1 }, TT_PI / 4 ), ( ttVec3 ){ 0, 2 * ridge + gap, 0 },
	                  ttQuatFromAxisAngle( ( ttVec3 ){ 1, 0, 0 }, TT_PI / 4 ), c );
	ENSURE( count == 1 );
	ENSURE_NEAR( c[0].normal.y, 1, 1e-6 );
	ENSURE_NEAR( c[0].separation, gap, 1e-6 );
	ENSURE_NEAR( c[0].point.y, ridge + gap, 1e-6 );
	ENSURE_NEAR( ttLength( ( ttVec3 ){ c[0].point.x, 0, c[0].point.z } ), 0, 1e-6 );

	// Apart by more than the speculative distance: no contact.
	ENSURE( Contacts( TT_QUAT_IDENTITY, ( ttVec3 ){ 0, 1.2f, 0 }, TT_QUAT_IDENTITY, c ) == 0 );
	return TEST_RESULT();
}
