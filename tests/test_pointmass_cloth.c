// SPDX-License-Identifier: MIT
// Issue 12's finding: Jakab's 32 x 32 cloth of rigid bodies on ball joints
// (scenes/jakab_cloth_rigid.json: spheres of radius 2 cm, 0.49 g, joined at their midpoints 2.5
// cm from the centres, twice their radius of gyration) under the point-mass family at one
// iteration of 20 substeps per 1/60 s frame. On impact with the ball each PTP turned its node by
// 0.2 to 0.3 rad, and the linearised turn B_j += turn x B_j(t) (eq. 20), projected back along the
// start directions, blew the cloth up to 8 kJ within a second. Turns above 0.05 rad now rotate
// the axes (src/joint_pointmass_frame.c, ttPm_Turn).
//
// Expected: every body finite over 1.5 s (through the impact at 0.2 s and the drape); bounded: the
// total energy never more than twice the 4.905 J it starts with (m g h of 0.5 kg 1 m up; the
// blow-up multiplied it by 1700), and at the end, draped, below it (joints and contacts only take
// energy out). Not passive at every instant: on impact the energy rises to 5.6 J (+15 %), where
// the XPBD family, run beside it and printed, stays within 0.3 % (4.92 J): the chord iteration's
// forces act along the directions of the substep's start, which lag a node turning 0.2 rad per
// substep, and one iteration leaves that lag in the velocities (a finding, docs/solvers.md).
#include "validation.h"

static void Drop( ttJointSolverType solver, const char* name )
{
	ttScene scene;
	tvLoadWith( "scenes/jakab_cloth_rigid.json", &scene, 20, 1 );
	ttWorld_SetJointSolver( scene.worldId, solver );
	double e0 = (double)ttWorld_GetKineticEnergy( scene.worldId ) + (double)ttWorld_GetPotentialEnergy( scene.worldId );
	double highest = e0, worstGap = 0;
	bool finite = true;
	for ( int frame = 0; frame < 90; ++frame )
	{
		if ( ttWorld_Step( scene.worldId, (ttReal)TV_TIME_STEP ) != ttResult_ok )
		{
			finite = false;
			break;
		}
		double e =
		    (double)ttWorld_GetKineticEnergy( scene.worldId ) + (double)ttWorld_GetPotentialEnergy( scene.worldId );
		finite = finite && isfinite( e );
		highest = fmax( highest, e );
		for ( int j = 0; j < scene.jointCount; ++j )
		{
			worstGap = fmax( worstGap, (double)ttJoint_GetPositionError( scene.joints[j] ) );
		}
	}
	double end =
	    (double)ttWorld_GetKineticEnergy( scene.worldId ) + (double)ttWorld_GetPotentialEnergy( scene.worldId );
	printf(
	    "%s, 1 iteration: energy %.4f J at the start, at most %.4f J, %.4f J after 1.5 s; widest joint gap %.3g m\n",
	    name, e0, highest, end, worstGap );
	if ( solver == ttJointSolver_pointmass )
	{
		ENSURE( finite );
		ENSURE_BELOW( highest, 2 * e0 );
		ENSURE_BELOW( end, e0 );
	}
	ttScene_Destroy( &scene );
}

int main( void )
{
	printf( "-- Jakab's rigid cloth dropped on a ball at one iteration\n" );
	Drop( ttJointSolver_pointmass, "pointmass" );
	Drop( ttJointSolver_xpbd, "xpbd" );
	return TEST_RESULT();
}
