// SPDX-License-Identifier: MIT
// Paper Fig. 6 (section 4): a 1 g box hangs from the ceiling on a distance joint and holds a 1 kg
// box on a second one; three copies with compliances 0.01, 0.001 and 0 m/N; rest lengths 1 m;
// g = 10 m/s^2 (scenes/fig06_mass_ratio.json). Measured after 4 s, brought to rest by joint damping
// (paper eq. 31), which acts on relative velocities and so does not move the equilibrium.
//
// Expected:
// - forces: top joint (m_small + m_heavy) g = 10.01 N, bottom joint m_heavy g = 10 N, within 1 %.
// - zero compliance, 20 substeps x 1 iteration: the remaining joint error is below 1 % of the
//   joint length (1 cm), and it falls about fourfold (factor in [3, 5]) at 40 substeps. Why: with
//   one Gauss-Seidel pass per substep the joint solved second moves the 1 g box by
//   w_small * lambda = (m_heavy / m_small) g h^2 after the first joint was satisfied, which is
//   6.9 mm at h = 1/1200 s and scales with h^2.
// - compliance > 0: the elongation is proportional to the force, e = alpha F. At 20 substeps the
//   same compliance-independent solver residual r0 (measured on the zero-compliance copy) adds
//   to it, so there the check is |e - r0 - alpha F| <= 1 % of alpha F; at 400 substeps the
//   residual is 400 times smaller (17 um) and e / F = alpha is checked directly within 1 %.
#include "validation.h"

#define SCENE "scenes/fig06_mass_ratio.json"

typedef struct Measurement
{
	double elongation[3][2]; ///< [compliance][top, bottom], m
	double force[3][2];      ///< N
} Measurement;

static const double compliances[3] = { 0.01, 0.001, 0.0 };
static const char* tags[3] = { "c01", "c001", "c0" };
static const double restLength = 1.0;

static Measurement measure( int substeps )
{
	Measurement m;
	ttScene scene;
	tvLoadWith( SCENE, &scene, substeps, 1 );
	tvStep( scene.worldId, tvFrames( 4.0 ) );
	for ( int c = 0; c < 3; ++c )
	{
		for ( int j = 0; j < 2; ++j )
		{
			char name[32];
			snprintf( name, sizeof( name ), "%s_%s", j == 0 ? "top" : "bottom", tags[c] );
			ttJointId joint = tvJoint( &scene, name );
			m.elongation[c][j] = (double)ttDistanceJoint_GetLength( joint ) - restLength;
			m.force[c][j] = tvLength( ttJoint_GetConstraintForce( joint ) );
		}
	}
	ttScene_Destroy( &scene );

	printf( "substeps %d\n", substeps );
	printf( "  compliance | top: elongation m, force N, e/F | bottom: elongation m, force N, e/F\n" );
	for ( int c = 0; c < 3; ++c )
	{
		printf( "  %10g | %.6e %8.4f %.6e | %.6e %8.4f %.6e\n", compliances[c], m.elongation[c][0], m.force[c][0],
		        m.elongation[c][0] / m.force[c][0], m.elongation[c][1], m.force[c][1],
		        m.elongation[c][1] / m.force[c][1] );
	}
	return m;
}

static double maxResidual( const Measurement* m )
{
	return fmax( fabs( m->elongation[2][0] ), fabs( m->elongation[2][1] ) );
}

int main( void )
{
	const double gravity = 10.0, smallMass = 0.001, heavyMass = 1.0;
	const double expectedForce[2] = { ( smallMass + heavyMass ) * gravity, heavyMass * gravity };

	printf( "Fig. 6: 1 g box holding 1 kg, distance joints of rest length 1 m\n" );
	Measurement m20 = measure( 20 );
	Measurement m40 = measure( 40 );
	Measurement m400 = measure( 400 );

	for ( int c = 0; c < 3; ++c )
	{
		for ( int j = 0; j < 2; ++j )
		{
			ENSURE_NEAR( m20.force[c][j], expectedForce[j], 0.01 * expectedForce[j] );
		}
	}

	// zero compliance: remaining error at 20 substeps, and its h^2 scaling
	double r20 = maxResidual( &m20 ), r40 = maxResidual( &m40 );
	printf( "zero compliance: largest joint error %.4e m at 20 substeps, %.4e m at 40, ratio %.3f\n", r20, r40,
	        r20 / r40 );
	ENSURE_BELOW( r20, 0.01 * restLength );
	ENSURE_NEAR( r20 / r40, 4.0, 1.0 );

	// compliance > 0: elongation = alpha F (+ the zero-compliance residual at 20 substeps)
	for ( int c = 0; c < 2; ++c )
	{
		for ( int j = 0; j < 2; ++j )
		{
			double expected20 = compliances[c] * m20.force[c][j];
			ENSURE_NEAR( m20.elongation[c][j] - m20.elongation[2][j], expected20, 0.01 * expected20 );
			ENSURE_NEAR( m400.elongation[c][j] / m400.force[c][j], compliances[c], 0.01 * compliances[c] );
		}
	}
	return TEST_RESULT();
}
