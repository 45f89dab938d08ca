// SPDX-License-Identifier: MIT
// `tether bench --solvers`: the same scenes under every joint solver (ttJointSolverType), one
// table of time and quality, so that the families can be compared side by side (issue 10, item 5;
// docs/benchmarks.md). Each scene runs at its own substeps and iterations, awake, for a number of
// 1/60 s frames; the time is the median over runs of the mean ms per frame, the quality figures
// come from the first run:
// - stretch: the largest joint position error over the run (ttJoint_GetPositionError, rigid parts
//   only) divided by the link length, the mean distance at load between the centres of mass of
//   two dynamic bodies that a joint connects;
// - energy drift: kinetic + potential energy at the end minus at the start, J, and as a share of
//   the largest kinetic energy over the run (the energy that moved); not for scenes with driven
//   input, whose energy the world does not hold;
// - limit overshoot: the largest angle past a hinge limit, a swing cone or a twist range, degrees.
#define _POSIX_C_SOURCE 200809L

#include "bench.h"
#include "run.h"
#include "solver_names.h"

#include <stdlib.h>
#include <string.h>

typedef struct ttSolverCase
{
	const char* label;
	const char* path;
	/// Energy enters or leaves the world outside its kinetic and potential energy (a spring pulls
	/// the robot arm toward a fixed target): no drift figure.
	bool driven;
} ttSolverCase;

static const ttSolverCase s_cases[] = {
    { "heavy_chain", "scenes/bench_heavy_chain.json", false },
    { "rope", "scenes/bench_rope.json", false },
    { "double pendulum (fig. 8)", "scenes/fig08_double_pendulum.json", false },
    { "triple pendulum (fig. 8)", "scenes/fig08_triple_pendulum.json", false },
    { "chain of 100 boxes (fig. 10)", "scenes/fig10_chain.json", false },
    { "robot arm (fig. 17)", "scenes/fig17_robot_arm.json", true },
    { "ragdoll chain of 10 capsules", "scenes/solver_ragdoll_chain.json", false },
    { "2D chain of discs", "scenes/solver_disc_chain_2d.json", false },
};

typedef struct ttSolverQuality
{
	double medianMs;
	double stretch;      ///< largest joint position error / link length
	double energyStart;  ///< J
	double energyEnd;    ///< J
	double maxKinetic;   ///< J
	double overshootDeg; ///< largest angle past a limit
	int substeps, iterations;
	const char* contacts; ///< the contact solver's name, or "off"
} ttSolverQuality;

// Mean distance between the centres of mass of two dynamic bodies joined by a joint; 0 if none.
static double ttLinkLength( const ttScene* scene )
{
	double sum = 0;
	int count = 0;
	for ( int i = 0; i < scene->jointCount; ++i )
	{
		ttBodyId a = ttJoint_GetBodyA( scene->joints[i] );
		ttBodyId b = ttJoint_GetBodyB( scene->joints[i] );
		if ( TT_IS_NULL( a ) || ttBody_GetType( a ) != ttBody_dynamic || ttBody_GetType( b ) != ttBody_dynamic )
		{
			continue;
		}
		sum += (double)ttDistance( ttBody_GetWorldCenterOfMass( a ), ttBody_GetWorldCenterOfMass( b ) );
		count += 1;
	}
	return count > 0 ? sum / count : 0;
}

static double ttLargest( double a, double b )
{
	return a > b ? a : b;
}

// The largest angle past a limit among the scene's joints right now, radians (0 within limits).
static double ttLimitOvershoot( const ttScene* scene )
{
	double worst = 0;
	for ( int i = 0; i < scene->jointCount; ++i )
	{
		ttJointId joint = scene->joints[i];
		if ( ttJoint_IsValid( joint ) == false )
		{
			continue;
		}
		ttJointType type = ttJoint_GetType( joint );
		if ( type == ttJoint_hinge )
		{
			bool enabled = false;
			ttReal lower = 0, upper = 0;
			ttHingeJoint_GetLimits( joint, &enabled, &lower, &upper );
			double angle = (double)ttHingeJoint_GetAngle( joint );
			if ( enabled )
			{
				worst = ttLargest( worst, ttLargest( (double)lower - angle, angle - (double)upper ) );
			}
		}
		else if ( type == ttJoint_spherical )
		{
			bool swingEnabled = false, twistEnabled = false;
			ttReal maxSwing = 0, lower = 0, upper = 0;
			ttSphericalJoint_GetLimits( joint, &swingEnabled, &maxSwing, &twistEnabled, &lower, &upper );
			if ( swingEnabled )
			{
				worst = ttLargest( worst, (double)( ttSphericalJoint_GetSwingAngle( joint ) - maxSwing ) );
			}
			if ( twistEnabled )
			{
				double twist = (double)ttSphericalJoint_GetTwistAngle( joint );
				worst = ttLargest( worst, ttLargest( (double)lower - twist, twist - (double)upper ) );
			}
		}
	}
	return worst;
}

static double ttLargestJointError( const ttScene* scene )
{
	double worst = 0;
	for ( int i = 0; i < scene->jointCount; ++i )
	{
		if ( ttJoint_IsValid( scene->joints[i] ) )
		{
			worst = ttLargest( worst, (double)ttJoint_GetPositionError( scene->joints[i] ) );
		}
	}
	return worst;
}

static double ttTotalEnergy( ttWorldId world )
{
	return (double)ttWorld_GetKineticEnergy( world ) + (double)ttWorld_GetPotentialEnergy( world );
}

typedef struct ttSolverBenchOptions
{
	int frames, runs;
	ttSolverSwitches solvers; ///< the contact solver, if given, for every scene
} ttSolverBenchOptions;

// Runs one scene under one joint solver; false when it cannot be loaded, the world rejects the
// solver, or a step fails (with a message on stderr).
static bool ttRunSolverCase( const ttSolverCase* c, ttJointSolverType solver, bool treeSolve,
                             const ttSolverBenchOptions* options, ttSolverQuality* q )
{
	double* means = malloc( sizeof( double ) * (size_t)options->runs );
	if ( means == NULL )
	{
		return false;
	}
	*q = ( ttSolverQuality ){ 0 };
	bool ok = true;
	for ( int run = 0; run < options->runs && ok; ++run )
	{
		ttScene scene;
		if ( ttBench_LoadScene( c->path, &scene ) == false )
		{
			ok = false;
			break;
		}
		ttSolverSwitches switches = options->solvers;
		switches.setJoint = true;
		switches.joint = solver;
		ttWorld_EnableSleep( scene.worldId, false );
		ok = ttSolverSwitches_Apply( &switches, scene.worldId ) &&
		     ttWorld_EnableJointTreeSolve( scene.worldId, treeSolve ) == ttResult_ok;
		double link = ttLinkLength( &scene );
		if ( run == 0 )
		{
			q->energyStart = ttTotalEnergy( scene.worldId );
		}
		double total = 0;
		for ( int frame = 0; frame < options->frames && ok; ++frame )
		{
			double start = ttNowSeconds();
			ok = ttWorld_Step( scene.worldId, (ttReal)1 / 60 ) == ttResult_ok;
			total += 1000 * ( ttNowSeconds() - start );
			if ( run == 0 && ok )
			{
				double jointError = ttLargestJointError( &scene );
				q->stretch = ttLargest( q->stretch, link > 0 ? jointError / link : jointError );
				q->maxKinetic = ttLargest( q->maxKinetic, (double)ttWorld_GetKineticEnergy( scene.worldId ) );
				q->overshootDeg = ttLargest( q->overshootDeg, ttLimitOvershoot( &scene ) * 180 / 3.14159265358979 );
			}
		}
		if ( ok == false )
		{
			fprintf( stderr, "tether bench: %s under joint solver %s: a step failed\n", c->label,
			         ttJointSolverNames[solver] );
		}
		if ( run == 0 )
		{
			q->energyEnd = ttTotalEnergy( scene.worldId );
			q->substeps = ttWorld_GetSubsteps( scene.worldId );
			q->iterations = ttWorld_GetIterations( scene.worldId );
			q->contacts = ttWorld_AreContactsEnabled( scene.worldId )
			                  ? ttContactSolverNames[ttWorld_GetContactSolver( scene.worldId )]
			                  : "off";
		}
		means[run] = total / options->frames;
		ttScene_Destroy( &scene );
	}
	if ( ok )
	{
		q->medianMs = ttBench_Median( means, options->runs );
	}
	free( means );
	return ok;
}

static void ttPrintSolverRow( const ttSolverCase* c, ttJointSolverType solver, bool treeSolve,
                              const ttSolverQuality* q )
{
	char drift[64];
	if ( c->driven )
	{
		snprintf( drift, sizeof( drift ), "- (driven)" );
	}
	else
	{
		double delta = q->energyEnd - q->energyStart;
		// A scene that barely moves (a chain held exactly) has no kinetic energy to compare with.
		if ( q->maxKinetic > 1e-6 * fabs( q->energyStart ) )
		{
			snprintf( drift, sizeof( drift ), "%+.4g J (%+.2f %%)", delta, 100 * delta / q->maxKinetic );
		}
		else
		{
			snprintf( drift, sizeof( drift ), "%+.4g J", delta );
		}
	}
	printf( "| %s | %s%s | %s | %d x %d | %.4f | %.3f %% | %s | %.3f |\n", c->label, ttJointSolverNames[solver],
	        treeSolve ? " + tree solve" : "", q->contacts, q->substeps, q->iterations, q->medianMs, 100 * q->stretch,
	        drift, q->overshootDeg );
	fflush( stdout );
}

static int ttParseSolverBenchArguments( int argc, char** argv, ttSolverBenchOptions* options )
{
	*options = ( ttSolverBenchOptions ){ 300, 3, { 0 } };
	for ( int i = 1; i < argc; ++i )
	{
		const char* arg = argv[i];
		if ( strcmp( arg, "--solvers" ) == 0 )
		{
			continue;
		}
		if ( strcmp( arg, "--quick" ) == 0 )
		{
			options->frames = 20;
			options->runs = 1;
			continue;
		}
		if ( strcmp( arg, "--frames" ) == 0 || strcmp( arg, "--runs" ) == 0 )
		{
			char* end = NULL;
			long value = i + 1 < argc ? strtol( argv[i + 1], &end, 10 ) : 0;
			if ( end == NULL || *end != 0 || value < 1 || value > 1000000 )
			{
				fprintf( stderr, "tether: bench: %s needs a whole number >= 1\nTry 'tether help'.\n", arg );
				return 2;
			}
			*( arg[2] == 'f' ? &options->frames : &options->runs ) = (int)value;
			i += 1;
			continue;
		}
		if ( strcmp( arg, "--contact-solver" ) == 0 )
		{
			const char* value = i + 1 < argc ? argv[++i] : NULL;
			if ( ttSolverSwitches_Parse( &options->solvers, "bench", arg, value ) < 0 )
			{
				return 2;
			}
			continue;
		}
		fprintf( stderr,
		         "tether: bench: --solvers takes --frames, --runs, --quick and --contact-solver, not '%s'\n"
		         "Try 'tether help'.\n",
		         arg );
		return 2;
	}
	return 0;
}

int ttBenchSolvers( int argc, char** argv )
{
	ttSolverBenchOptions options;
	int code = ttParseSolverBenchArguments( argc, argv, &options );
	if ( code != 0 )
	{
		return code;
	}
	printf( "tether bench --solvers: %d frames of 1/60 s, median of %d runs of the mean ms per frame, real = %s\n\n",
	        options.frames, options.runs, TT_REAL_IS_FLOAT ? "float" : "double" );
	printf( "| scene | joint solver | contact solver | substeps x iterations | ms per frame | stretch (max joint error "
	        "/ link) | energy drift (share of max kinetic) | limit overshoot, deg |\n" );
	printf( "|---|---|---|---|---|---|---|---|\n" );
	bool ok = true;
	for ( size_t i = 0; i < sizeof( s_cases ) / sizeof( s_cases[0] ); ++i )
	{
		for ( int solver = 0; solver < ttJointSolverCount; ++solver )
		{
			// The velocity-level family runs twice: with Gauss-Seidel sweeps only, and with the
			// direct solve of joint trees (ttWorldDef.jointTreeSolve).
			for ( int tree = 0; tree < ( solver == ttJointSolver_si ? 2 : 1 ); ++tree )
			{
				ttSolverQuality q;
				if ( ttRunSolverCase( s_cases + i, (ttJointSolverType)solver, tree == 1, &options, &q ) == false )
				{
					printf( "| %s | %s | | | failed | | | |\n", s_cases[i].label, ttJointSolverNames[solver] );
					ok = false;
					continue;
				}
				ttPrintSolverRow( s_cases + i, (ttJointSolverType)solver, tree == 1, &q );
			}
		}
	}
	return ok ? 0 : 1;
}
