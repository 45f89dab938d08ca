// SPDX-License-Identifier: MIT
// No tunnelling (collision issue, item 6): a ball 1 cm across at 100 m/s moves 8.3 cm per substep
// at 60 Hz with 20 substeps, eight times the thickness of a 1 cm static plate, so a narrow phase
// that only looks at the poses would let it pass. The soft-step solver finds contacts at the
// start of each substep with a speculative distance that covers the substep's approach, and the
// speculative constraint lets the gap close but not more. Checked for several start heights (the
// plate is reached at different phases of a substep), at 45 degrees, and for a 1 cm cube.
#include "test_macros.h"

#include "tether/tether.h"

#include <stdio.h>

static const ttReal dt = (ttReal)( 1.0 / 60.0 );
static const ttReal plateHalfThickness = (ttReal)0.005;

static ttWorldId MakeWorld( ttContactSolverType solver )
{
	ttWorldDef def = ttDefaultWorldDef();
	def.contactSolver = solver;
	ttWorldId world = ttCreateWorld( &def );
	ttBodyDef plateDef = ttDefaultBodyDef(); // static
	ttBodyId plate = ttCreateBody( world, &plateDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttCreateBoxShape( plate, &shapeDef, &( ttBox ){ { 50, plateHalfThickness, 50 } } );
	return world;
}

// Launch a projectile from `start` at `velocity`; returns the lowest height its centre reaches
// in 0.5 s (it must stay above the plate's top face, less a little penetration; the plate is wide
// enough that the slanted shots slide to rest on it).
static ttReal Shoot( ttContactSolverType solver, bool cube, ttVec3 start, ttVec3 velocity )
{
	ttWorldId world = MakeWorld( solver );
	ttBodyDef def = ttDefaultBodyDef();
	def.type = ttBody_dynamic;
	def.position = start;
	def.linearVelocity = velocity;
	ttBodyId body = ttCreateBody( world, &def );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	shapeDef.restitution = 0;
	if ( cube )
	{
		ttCreateBoxShape( body, &shapeDef, &( ttBox ){ { 0.005f, 0.005f, 0.005f } } );
	}
	else
	{
		ttCreateSphereShape( body, &shapeDef, &( ttSphere ){ 0.005f } );
	}
	ttReal lowest = start.y;
	for ( int i = 0; i < 30; ++i )
	{
		ttWorld_Step( world, dt );
		lowest = ttMinReal( lowest, ttBody_GetPosition( body ).y );
	}
	ttDestroyWorld( world );
	return lowest;
}

int main( void )
{
	// The centre of a resting projectile is 5 mm above the top face at 5 mm: 10 mm; passing
	// through would put it below -5 mm. Allow 1 mm of penetration.
	ttReal floor = plateHalfThickness + (ttReal)0.005 - (ttReal)0.001;
	ttReal worst = 1;
	for ( int k = 0; k < 12; ++k )
	{
		ttVec3 start = { 0, 1 + (ttReal)0.0071 * (ttReal)k, 0 };
		worst = ttMinReal( worst, Shoot( ttContactSolver_softStep, false, start, ( ttVec3 ){ 0, -100, 0 } ) );
		worst = ttMinReal( worst, Shoot( ttContactSolver_softStep, true, start, ( ttVec3 ){ 0, -100, 0 } ) );
		ttVec3 slanted = { -1 - (ttReal)0.0071 * (ttReal)k, 1 + (ttReal)0.0071 * (ttReal)k, 0 };
		worst = ttMinReal( worst, Shoot( ttContactSolver_softStep, false, slanted, ( ttVec3 ){ 70.71f, -70.71f, 0 } ) );
	}
	printf( "soft step: lowest centre height over 36 shots %.5f m (top face at %.3f m)\n", (double)worst,
	        (double)plateHalfThickness );
	ENSURE( worst > floor );

	// For the record: the paper's position-level contacts look after the positions moved.
	ttReal xpbd = Shoot( ttContactSolver_xpbd, false, ( ttVec3 ){ 0, 1, 0 }, ( ttVec3 ){ 0, -100, 0 } );
	printf( "xpbd contacts: lowest centre height %.4f m (%s)\n", (double)xpbd,
	        xpbd > floor ? "held" : "passed through" );
	return TEST_RESULT();
}
