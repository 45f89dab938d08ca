// SPDX-License-Identifier: MIT
// Paper Fig. 4 (section 4): boxes of 1 kg and 1/8 kg hang from the ceiling on distance-joint
// springs of compliance alpha = 0.01 m/N under g = 10 m/s^2 (scenes/fig04_springs.json).
//
// Expected at rest, for every substep count in {1, 5, 20} and iteration count in {1, 5}:
//   elongation = m g alpha  (0.1 m for 1 kg, 0.0125 m for 1/8 kg), tolerance 1 %
//   |joint force| = m g     (10 N and 1.25 N),                    tolerance 1 %
// The paper: "The simulation yields the correct elongations and forces independent of the number
// of iterations and sub-steps." (In XPBD this is exact at rest: with zero velocity the step adds
// h^2 g, and C + alpha/h^2 lambda = 0 gives C = alpha m g for one or many iterations.)
// The springs have joint damping 5 /s (paper eq. 31) so that the boxes come to rest; the residual
// oscillation after 4 s is below 1e-4 of the elongation, far inside the tolerance.
// The same checks run on scenes/fig04_springs_body_damping.json, where body damping 5 /s brings the
// boxes to rest instead: a viscous force vanishes at rest, so it must not move the equilibrium.
#include "validation.h"

static const char* scenes[2] = { "scenes/fig04_springs.json", "scenes/fig04_springs_body_damping.json" };
static const char* dampingLabels[2] = { "joint damping", "body damping" };

int main( void )
{
	const double gravity = 10.0, compliance = 0.01, restLength = 0.5;
	const char* bodyNames[2] = { "heavy", "light" };
	const char* jointNames[2] = { "spring_heavy", "spring_light" };
	const double masses[2] = { 1.0, 0.125 };
	const int substepCounts[3] = { 1, 5, 20 };
	const int iterationCounts[2] = { 1, 5 };

	for ( int sc = 0; sc < 2; ++sc )
	{
		printf( "Fig. 4: springs of compliance %g m/N, g = %g m/s^2, after 4 s, %s\n", compliance, gravity,
		        dampingLabels[sc] );
		printf( "substeps iterations | mass kg | elongation m (expected) | force N (expected)\n" );

		for ( int si = 0; si < 3; ++si )
		{
			for ( int ii = 0; ii < 2; ++ii )
			{
				ttScene scene;
				tvLoadWith( scenes[sc], &scene, substepCounts[si], iterationCounts[ii] );
				tvStep( scene.worldId, tvFrames( 4.0 ) );

				for ( int b = 0; b < 2; ++b )
				{
					ttBodyId body = tvBody( &scene, bodyNames[b] );
					ttJointId joint = tvJoint( &scene, jointNames[b] );
					double mass = (double)ttBody_GetMass( body );
					double elongation = (double)ttDistanceJoint_GetLength( joint ) - restLength;
					double force = tvLength( ttJoint_GetConstraintForce( joint ) );
					double expectedElongation = masses[b] * gravity * compliance;
					double expectedForce = masses[b] * gravity;
					printf( "%8d %10d | %7.4f | %.6f (%.6f) | %.5f (%.5f)\n", substepCounts[si], iterationCounts[ii],
					        mass, elongation, expectedElongation, force, expectedForce );

					// the scene must really hold the paper's masses
					ENSURE_NEAR( mass, masses[b], 1e-5 * masses[b] );
					ENSURE_NEAR( elongation, expectedElongation, 0.01 * expectedElongation );
					ENSURE_NEAR( force, expectedForce, 0.01 * expectedForce );
				}
				ttScene_Destroy( &scene );
			}
		}
	}
	return TEST_RESULT();
}
