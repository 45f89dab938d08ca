// SPDX-License-Identifier: MIT
// Mass properties of the primitives against closed-form values, and of a compound body whose
// principal frame is not the body frame.
#include "test_macros.h"

#include "tether/tether.h"

static void TestPrimitives( void )
{
	// Box 1 x 2 x 3 m of density 10: m = 60 kg, Ixx = m (2^2 + 3^2) / 12.
	ttMassData box = ttComputeBoxMass( &( ttBox ){ { 0.5f, 1, 1.5f } }, 10 );
	ENSURE_NEAR( box.mass, 60, 1e-9 );
	ENSURE_NEAR( box.inertia.x, 60.0 * 13.0 / 12.0, 1e-4 );
	ENSURE_NEAR( box.inertia.y, 60.0 * 10.0 / 12.0, 1e-4 );
	ENSURE_NEAR( box.inertia.z, 60.0 * 5.0 / 12.0, 1e-4 );

	// Sphere r = 0.5, density 1000: m = 4/3 pi r^3 rho, I = 2/5 m r^2.
	ttMassData sphere = ttComputeSphereMass( &( ttSphere ){ 0.5f }, 1000 );
	double m = 4.0 / 3.0 * 3.14159265358979 * 0.125 * 1000;
	ENSURE_NEAR( sphere.mass, m, m * 1e-6 );
	ENSURE_NEAR( sphere.inertia.x, 0.4 * m * 0.25, m * 1e-6 );

	// Capsule of zero length is a sphere.
	ttMassData ball = ttComputeCapsuleMass( &( ttCapsule ){ { 0, 0, 0 }, { 0, 0, 0 }, 0.5f }, 1000 );
	ENSURE_NEAR( ball.mass, m, m * 1e-6 );
	ENSURE_NEAR( ball.inertia.y, 0.4 * m * 0.25, m * 1e-6 );

	// Capsule along y, L = 2, r = 0.5: axial moment m_c r^2/2 + m_s 2r^2/5; it is reported about
	// the principal x axis mapped onto the segment direction.
	ttMassData capsule = ttComputeCapsuleMass( &( ttCapsule ){ { 0, -1, 0 }, { 0, 1, 0 }, 0.5f }, 1 );
	double mc = 3.14159265358979 * 0.25 * 2, ms = 4.0 / 3.0 * 3.14159265358979 * 0.125;
	ENSURE_NEAR( capsule.mass, mc + ms, 1e-6 );
	ENSURE_NEAR( capsule.inertia.x, mc * 0.125 + ms * 0.1, 1e-6 );
	double perpendicular = mc * ( 4.0 / 12.0 + 0.25 / 4.0 ) + ms * ( 0.1 + 1.0 + 0.375 * 2 * 0.5 );
	ENSURE_NEAR( capsule.inertia.y, perpendicular, 1e-6 );
	ttVec3 axis = ttRotate( capsule.rotation, ( ttVec3 ){ 1, 0, 0 } );
	ENSURE_NEAR( ttAbs( axis.y ), 1, 1e-6 );
}

static void TestCompoundBody( void )
{
	// Two 1 m cubes of density 1 side by side along x, centres at x = 0 and x = 1, rotated by 30
	// degrees about z as a whole: mass 2, centre (0.5, 0, 0), principal moments of a 2 x 1 x 1 box.
	ttWorldDef worldDef = ttDefaultWorldDef();
	ttWorldId world = ttCreateWorld( &worldDef );
	ttBodyDef bodyDef = ttDefaultBodyDef();
	bodyDef.type = ttBody_dynamic;
	ttBodyId body = ttCreateBody( world, &bodyDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	shapeDef.density = 1;
	ttQuat tilt = ttQuatFromAxisAngle( ( ttVec3 ){ 0, 0, 1 }, TT_PI / 6 );
	shapeDef.localRotation = tilt;
	ttCreateBoxShape( body, &shapeDef, &( ttBox ){ { 0.5f, 0.5f, 0.5f } } );
	shapeDef.localPosition = ttRotate( tilt, ( ttVec3 ){ 1, 0, 0 } );
	ttCreateBoxShape( body, &shapeDef, &( ttBox ){ { 0.5f, 0.5f, 0.5f } } );

	ttMassData md = ttBody_GetMassData( body );
	ENSURE_NEAR( md.mass, 2, 1e-6 );
	ttVec3 expectedCenter = ttRotate( tilt, ( ttVec3 ){ 0.5f, 0, 0 } );
	ENSURE_NEAR( ttDistance( md.center, expectedCenter ), 0, 1e-6 );
	// 2 x 1 x 1 box of 2 kg: long axis moment 2 (1 + 1) / 12, others 2 (4 + 1) / 12.
	ttReal sum = md.inertia.x + md.inertia.y + md.inertia.z;
	ENSURE_NEAR( sum, 2.0 * 2.0 / 12.0 + 2 * 2.0 * 5.0 / 12.0, 1e-5 );
	ttReal smallest = ttMinReal( md.inertia.x, ttMinReal( md.inertia.y, md.inertia.z ) );
	ENSURE_NEAR( smallest, 4.0 / 12.0, 1e-5 );
	// The body's own position is unchanged by the internal principal frame.
	ENSURE_NEAR( ttLength( ttBody_GetPosition( body ) ), 0, 1e-6 );
	ENSURE_NEAR( ttDistance( ttBody_GetWorldCenterOfMass( body ), expectedCenter ), 0, 1e-6 );
	ttDestroyWorld( world );
}

int main( void )
{
	TestPrimitives();
	TestCompoundBody();
	return TEST_RESULT();
}
