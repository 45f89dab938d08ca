// SPDX-License-Identifier: MIT
// tether-soak: random scenes stepped for a while, every state checked every step
// (docs/hardening.md, scripts/soak.sh). A program, not a timed test.
//
//   tether-soak [--seconds S | --scenes N] [--seed N] [--scene K] [--strict] [--reach-open] [--explain]
//               [--no-contacts] [--no-world-joints] [--joint-solver xpbd|si|pointmass] [--tree]
//               [--substeps N] [--iterations N]
//
// Scene k of seed N is always the same scene: a ground plane and 2 to 12 bodies of every convex
// shape (spheres, capsules, boxes, cylinders, hulls), masses 0.01 to 1000 kg, speeds to 100 m/s,
// joined by random joints of every type whose frames agree at the start (nothing is stretched or
// twisted when the scene begins), half of the jointed scenes hung on the world by one more joint
// (--no-world-joints: none, the scenes as they were until 2026-11-28); 600 steps of 1/60 s at 10
// substeps by default. Each step must return ttResult_ok and leave every position, rotation and
// velocity finite and rotations of unit length, or the scene fails; a body whose centre of mass
// ends beyond the reach of the scene's kinetic energy (CheckReach) is carried away, which fails
// the run too unless --reach-open says to count it only (for investigating a solver; CI gives it
// to no run since SI's biased move is bounded, docs/hardening.md). A runaway is the total energy
// rising more than 10 % + 1 J above its start (no scene here has an energy source; a light body
// may well fly at thousands of m/s when a heavy one hands it its energy, so speed alone is no
// sign). Runaways are counted by whether the
// scene has joints and fail the run only with --strict; a runaway that grows until the step guard
// undoes an overflowing step stays a runaway. Every failure and runaway prints the
// command line that reproduces its scene; --explain adds what the scene is made of and when its
// energy rose. --no-contacts lets no shape collide: what is left is the joints' own energy. No
// scene's energy may rise, with contacts or without: CI runs, all with --strict, a minute with
// contacts, the first 2,000 scenes with contacts under the sequential-impulse joints, and a minute
// without contacts under each joint family and under SI with the tree solve (.ci/run,
// docs/hardening.md).
#include "tether/tether.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct Random
{
	uint64_t state;
} Random;

// xorshift64*: small, and the same on every platform.
static double Uniform( Random* r, double lo, double hi )
{
	r->state ^= r->state >> 12;
	r->state ^= r->state << 25;
	r->state ^= r->state >> 27;
	uint64_t x = r->state * 2685821657736338717ull;
	return lo + ( hi - lo ) * (double)( x >> 11 ) / 9007199254740992.0;
}

static ttVec3 UniformVec3( Random* r, double scale )
{
	return ( ttVec3 ){ (ttReal)Uniform( r, -scale, scale ), (ttReal)Uniform( r, -scale, scale ),
	                   (ttReal)Uniform( r, -scale, scale ) };
}

static ttQuat UniformRotation( Random* r )
{
	ttQuat q = { (ttReal)Uniform( r, -1, 1 ), (ttReal)Uniform( r, -1, 1 ), (ttReal)Uniform( r, -1, 1 ),
	             (ttReal)Uniform( r, -1, 1 ) };
	return ttQuatNormalize( q );
}

static void Quiet( const char* message )
{
	(void)message;
}

enum
{
	maxBodies = 12
};

typedef struct Scene
{
	ttWorldId world;
	ttBodyId bodies[maxBodies];
	int bodyCount;
	int jointCount;
	bool onWorld; ///< a joint to the world (RandomWorldJoint)
} Scene;

static ttShapeId RandomShape( Random* r, ttBodyId body )
{
	ttShapeDef def = ttDefaultShapeDef();
	def.restitution = (ttReal)Uniform( r, 0, 0.5 );
	switch ( (int)Uniform( r, 0, 5 ) )
	{
		case 0:
		{
			ttSphere sphere = { (ttReal)Uniform( r, 0.05, 0.8 ) };
			return ttCreateSphereShape( body, &def, &sphere );
		}
		case 1:
		{
			ttReal half = (ttReal)Uniform( r, 0.05, 0.8 );
			ttCapsule capsule = { { -half, 0, 0 }, { half, 0, 0 }, (ttReal)Uniform( r, 0.05, 0.5 ) };
			return ttCreateCapsuleShape( body, &def, &capsule );
		}
		case 2:
		{
			ttBox box = {
			    { (ttReal)Uniform( r, 0.05, 0.8 ), (ttReal)Uniform( r, 0.05, 0.8 ), (ttReal)Uniform( r, 0.05, 0.8 ) } };
			return ttCreateBoxShape( body, &def, &box );
		}
		case 3:
		{
			ttCylinder cylinder = { (ttReal)Uniform( r, 0.05, 0.8 ), (ttReal)Uniform( r, 0.05, 0.8 ) };
			return ttCreateCylinderShape( body, &def, &cylinder );
		}
		default:
		{
			ttVec3 points[10];
			for ( int i = 0; i < 10; ++i )
			{
				points[i] = UniformVec3( r, 0.6 );
			}
			return ttCreateHullShape( body, &def, points, 10 );
		}
	}
}

// A joint of `type` (0 to 5: fixed, hinge, spherical, prismatic, distance, generic) from a (the
// world where null) to b at the world point `anchor`, with the joint frame `jointFrame` in world
// coordinates seen from both sides: it starts satisfied. A distance joint joins a's centre (or
// the world point) to b's at their distance.
static void CreateJoint( Scene* s, int type, ttBodyId a, ttBodyId b, ttVec3 anchor, ttQuat jointFrame )
{
	bool toWorld = TT_IS_NULL( a );
	ttVec3 pa = toWorld ? anchor : ttBody_GetPosition( a ), pb = ttBody_GetPosition( b );
	ttJointDef base = ttDefaultJointDef();
	base.bodyA = a;
	base.bodyB = b;
	base.localFrameA.p = toWorld ? anchor : ttBody_GetLocalPoint( a, anchor );
	base.localFrameB.p = ttBody_GetLocalPoint( b, anchor );
	// With identity frames on randomly turned bodies a fixed joint would start twisted by up to
	// 180 degrees and snap the bodies straight within a substep, which is energy the scene put
	// in, not the solver.
	base.localFrameA.q = toWorld ? jointFrame : ttQuatMul( ttQuatConj( ttBody_GetRotation( a ) ), jointFrame );
	base.localFrameB.q = ttQuatMul( ttQuatConj( ttBody_GetRotation( b ) ), jointFrame );
	switch ( type )
	{
		case 0:
		{
			ttFixedJointDef def = ttDefaultFixedJointDef();
			def.base = base;
			ttCreateFixedJoint( s->world, &def );
			break;
		}
		case 1:
		{
			ttHingeJointDef def = ttDefaultHingeJointDef();
			def.base = base;
			ttCreateHingeJoint( s->world, &def );
			break;
		}
		case 2:
		{
			ttSphericalJointDef def = ttDefaultSphericalJointDef();
			def.base = base;
			ttCreateSphericalJoint( s->world, &def );
			break;
		}
		case 3:
		{
			ttPrismaticJointDef def = ttDefaultPrismaticJointDef();
			def.base = base;
			ttCreatePrismaticJoint( s->world, &def );
			break;
		}
		case 4:
		{
			ttDistanceJointDef def = ttDefaultDistanceJointDef();
			def.base = base;
			def.base.localFrameA.p = toWorld ? anchor : TT_VEC3_ZERO;
			def.base.localFrameB.p = TT_VEC3_ZERO;
			def.minLength = def.maxLength = ttDistance( pa, pb );
			ttCreateDistanceJoint( s->world, &def );
			break;
		}
		default:
		{
			ttGenericJointDef def = ttDefaultGenericJointDef();
			def.base = base;
			ttCreateGenericJoint( s->world, &def );
			break;
		}
	}
}

// A joint between two random bodies, anchored halfway between them.
static void RandomJoint( Random* r, Scene* s )
{
	int a = (int)Uniform( r, 0, s->bodyCount ), b = (int)Uniform( r, 0, s->bodyCount );
	if ( a == b )
	{
		return;
	}
	ttVec3 pa = ttBody_GetPosition( s->bodies[a] ), pb = ttBody_GetPosition( s->bodies[b] );
	ttQuat jointFrame = UniformRotation( r );
	CreateJoint( s, (int)Uniform( r, 0, 6 ), s->bodies[a], s->bodies[b], ttScale( (ttReal)0.5, ttAdd( pa, pb ) ),
	             jointFrame );
}

// Half the scenes with joints hang the first body of their first joint on the world as well, at a
// random point up to 3 m from it (since 2026-11-28): a chain to the world through a light body on
// a long lever is where one sweep leaves the largest errors (docs/hardening.md). Drawn from a
// stream of its own, so that the bodies and the joints between them are those the scene always
// had (--no-world-joints builds the scenes as they were before).
static void RandomWorldJoint( uint64_t seed, int index, Scene* s )
{
	Random r = { ( seed * 0xBF58476D1CE4E5B9ull ) ^ ( (uint64_t)index * 0x94D049BB133111EBull ) ^ 3 };
	ttJointId first;
	if ( ttWorld_GetJoints( s->world, &first, 1 ) < 1 || Uniform( &r, 0, 1 ) < 0.5 )
	{
		return;
	}
	ttBodyId body = ttJoint_GetBodyA( first );
	ttVec3 anchor = ttAdd( ttBody_GetPosition( body ), UniformVec3( &r, 3 ) );
	ttQuat jointFrame = UniformRotation( &r );
	CreateJoint( s, (int)Uniform( &r, 0, 6 ), ttNullBodyId, body, anchor, jointFrame );
	s->onWorld = true;
}

// The solver settings of every scene (command line).
typedef struct Settings
{
	ttJointSolverType jointSolver;
	bool treeSolve;
	int substeps, iterations;
	bool noContacts;    ///< --no-contacts: no shape collides (the joints' energy alone)
	bool noWorldJoints; ///< --no-world-joints: no joint to the world (the scenes before 2026-11-28)
} Settings;

static Settings s_settings = { ttJointSolver_xpbd, false, 10, 1, false, false };

static Scene MakeScene( uint64_t seed, int index )
{
	Random r = { ( seed * 0x9E3779B97F4A7C15ull ) ^ ( (uint64_t)index * 0xD1B54A32D192ED03ull ) ^ 1 };
	Scene s = { 0 };
	ttWorldDef worldDef = ttDefaultWorldDef();
	worldDef.substeps = s_settings.substeps;
	worldDef.iterations = s_settings.iterations;
	worldDef.jointSolver = s_settings.jointSolver;
	worldDef.jointTreeSolve = s_settings.treeSolve;
	s.world = ttCreateWorld( &worldDef );
	ttBodyDef groundDef = ttDefaultBodyDef();
	ttBodyId ground = ttCreateBody( s.world, &groundDef );
	ttShapeDef planeDef = ttDefaultShapeDef();
	ttPlane plane = { { 0, 1, 0 }, 0 };
	ttCreatePlaneShape( ground, &planeDef, &plane );
	s.bodyCount = 2 + (int)Uniform( &r, 0, maxBodies - 1 );
	for ( int i = 0; i < s.bodyCount; ++i )
	{
		ttBodyDef def = ttDefaultBodyDef();
		def.type = ttBody_dynamic;
		// One 3 m cell each (no shape reaches 1.4 m from its body), clear of the ground: bodies
		// created overlapping would be pushed apart, which adds energy on purpose.
		def.position =
		    ( ttVec3 ){ (ttReal)( -4.5 + 3 * ( i % 4 ) + Uniform( &r, -0.1, 0.1 ) ), (ttReal)Uniform( &r, 1.5, 8 ),
		                (ttReal)( -3 + 3 * ( i / 4 ) + Uniform( &r, -0.1, 0.1 ) ) };
		def.rotation = UniformRotation( &r );
		ttVec3 direction = ttNormalize( UniformVec3( &r, 1 ) );
		def.linearVelocity = ttScale( (ttReal)Uniform( &r, 0, 100 ), direction );
		def.angularVelocity = UniformVec3( &r, 10 );
		s.bodies[i] = ttCreateBody( s.world, &def );
		ttShapeId shape = RandomShape( &r, s.bodies[i] );
		if ( TT_IS_NULL( shape ) )
		{
			ttSphere sphere = { 0.3f }; // a hull too flat for quickhull
			ttShapeDef shapeDef = ttDefaultShapeDef();
			shape = ttCreateSphereShape( s.bodies[i], &shapeDef, &sphere );
		}
		if ( s_settings.noContacts )
		{
			ttShape_SetFilter( shape, ( ttFilter ){ 1, 0, 0 } );
		}
		// Masses over five decades, the shape's mass distribution kept.
		ttMassData mass = ttBody_GetMassData( s.bodies[i] );
		ttReal target = (ttReal)pow( 10.0, Uniform( &r, -2, 3 ) );
		ttReal factor = target / mass.mass;
		mass.mass = target;
		mass.inertia = ttScale( factor, mass.inertia );
		ttBody_SetMassData( s.bodies[i], mass );
	}
	int joints = (int)Uniform( &r, 0, s.bodyCount );
	for ( int j = 0; j < joints; ++j )
	{
		RandomJoint( &r, &s );
	}
	if ( s_settings.noWorldJoints == false )
	{
		RandomWorldJoint( seed, index, &s );
	}
	s.jointCount = ttWorld_GetJointCount( s.world );
	return s;
}

static ttReal TotalEnergy( ttWorldId world )
{
	return ttWorld_GetKineticEnergy( world ) + ttWorld_GetPotentialEnergy( world );
}

// Why the state is broken, or NULL.
static const char* CheckState( const Scene* s )
{
	for ( int i = 0; i < s->bodyCount; ++i )
	{
		ttTransform t = ttBody_GetTransform( s->bodies[i] );
		ttVec3 v = ttBody_GetLinearVelocity( s->bodies[i] ), w = ttBody_GetAngularVelocity( s->bodies[i] );
		if ( ttIsValidVec3( t.p ) == false || ttIsValidQuat( t.q ) == false || ttIsValidVec3( v ) == false ||
		     ttIsValidVec3( w ) == false )
		{
			return "non-finite state";
		}
		ttReal norm = ttSqrt( t.q.x * t.q.x + t.q.y * t.q.y + t.q.z * t.q.z + t.q.w * t.q.w );
		if ( ttAbs( norm - 1 ) > ( TT_REAL_IS_FLOAT ? (ttReal)1e-4 : (ttReal)1e-9 ) )
		{
			return "rotation not of unit length";
		}
	}
	return NULL;
}

static double Speed( const Scene* s )
{
	double fastest = 0;
	for ( int i = 0; i < s->bodyCount; ++i )
	{
		fastest = fmax( fastest, (double)ttLength( ttBody_GetLinearVelocity( s->bodies[i] ) ) );
	}
	return fastest;
}

static double Farthest( const Scene* s )
{
	double farthest = 0;
	for ( int i = 0; i < s->bodyCount; ++i )
	{
		farthest = fmax( farthest, (double)ttLength( ttBody_GetPosition( s->bodies[i] ) ) );
	}
	return farthest;
}

// Bounded: no centre of mass may end farther from where it started than the scene's kinetic
// energy could have carried it. A body of mass m holds at most the whole kinetic energy K, so it
// is no faster than sqrt(2 K / m), with K the larger of a step's two ends, plus what gravity adds in
// a step. Each step adds twice that times dt to the body's reach (the speed inside a step may
// exceed both ends', where a substep's feedback is taken back within the step) and 1 cm for
// position corrections that move no velocity; the reach starts at 1 m. Summed over the run, so
// that one step's excess may be paid by slack in others: what fails is a body carried away, as
// a joint that jumps a body sideways (which costs no energy, so the energy check cannot see it)
// step after step.
typedef struct Reach
{
	ttVec3 start[maxBodies];
	double allowed[maxBodies];
	double kinetic; ///< at the end of the last step
} Reach;

static Reach StartReach( const Scene* s )
{
	Reach reach = { .kinetic = (double)ttWorld_GetKineticEnergy( s->world ) };
	for ( int i = 0; i < s->bodyCount; ++i )
	{
		reach.start[i] = ttBody_GetWorldCenterOfMass( s->bodies[i] );
		reach.allowed[i] = 1;
	}
	return reach;
}

static const char* CheckReach( const Scene* s, Reach* reach, double dt )
{
	double kineticNow = (double)ttWorld_GetKineticEnergy( s->world );
	double kinetic = fmax( reach->kinetic, kineticNow );
	reach->kinetic = kineticNow;
	double gravity = (double)ttLength( ttWorld_GetGravity( s->world ) );
	for ( int i = 0; i < s->bodyCount; ++i )
	{
		double mass = (double)ttBody_GetMass( s->bodies[i] );
		if ( mass <= 0 )
		{
			continue;
		}
		reach->allowed[i] += 2 * ( sqrt( 2 * kinetic / mass ) + gravity * dt ) * dt + 0.01;
		double moved = (double)ttLength( ttSub( ttBody_GetWorldCenterOfMass( s->bodies[i] ), reach->start[i] ) );
		if ( moved > reach->allowed[i] )
		{
			static char message[160];
			snprintf( message, sizeof( message ),
			          "body %d is %.4g m from its start, more than its kinetic energy could carry it (%.4g m)", i,
			          moved, reach->allowed[i] );
			return message;
		}
	}
	return NULL;
}

typedef enum Outcome
{
	outcome_ok,
	outcome_runaway,
	outcome_carried, ///< a body beyond its reach (CheckReach)
	outcome_failed,
} Outcome;

// --explain: what a runaway scene is made of (docs/hardening.md, "Soak"): its joints by type,
// the most joints on one body (2 or more: a chain or tree, where the joints' Gauss-Seidel sweep
// has to converge), and the smallest I / (m r^2) of a body about an anchor of its joints (the
// light body on a long lever that makes the joint system nearly singular).
static void ExplainScene( const Scene* s )
{
	static const char* names[] = { "fixed", "hinge", "spherical", "prismatic", "distance", "generic", "path" };
	int byType[ttJoint_count] = { 0 };
	int perBody[maxBodies] = { 0 };
	double smallestRatio = INFINITY;
	ttJointId joints[maxBodies];
	int count = ttWorld_GetJoints( s->world, joints, maxBodies );
	for ( int j = 0; j < count; ++j )
	{
		byType[ttJoint_GetType( joints[j] )] += 1;
		ttBodyId ends[2] = { ttJoint_GetBodyA( joints[j] ), ttJoint_GetBodyB( joints[j] ) };
		ttVec3 anchors[2] = { ttJoint_GetAnchorA( joints[j] ), ttJoint_GetAnchorB( joints[j] ) };
		for ( int side = 0; side < 2; ++side )
		{
			for ( int i = 0; i < s->bodyCount; ++i )
			{
				if ( memcmp( &s->bodies[i], &ends[side], sizeof( ttBodyId ) ) != 0 )
				{
					continue;
				}
				perBody[i] += 1;
				ttMassData mass = ttBody_GetMassData( s->bodies[i] );
				double lever = (double)ttDistance( anchors[side], ttBody_GetWorldCenterOfMass( s->bodies[i] ) );
				double smallest =
				    fmin( fmin( (double)mass.inertia.x, (double)mass.inertia.y ), (double)mass.inertia.z );
				if ( lever > 0 )
				{
					smallestRatio = fmin( smallestRatio, smallest / ( (double)mass.mass * lever * lever ) );
				}
			}
		}
	}
	int most = 0;
	for ( int i = 0; i < s->bodyCount; ++i )
	{
		most = perBody[i] > most ? perBody[i] : most;
	}
	printf( "  joints:" );
	for ( int t = 0; t < ttJoint_count; ++t )
	{
		if ( byType[t] > 0 )
		{
			printf( " %s %d", names[t], byType[t] );
		}
	}
	printf( "; most joints on one body %d; smallest I/(m r^2) at an anchor %.3g\n", most, smallestRatio );
}

static bool s_explain = false;

// The options that shape a scene or its solver (--joint-solver, --tree, --no-contacts, ...), as
// given: each reproduce line repeats them, since a scene number alone names the scene but not how
// it was stepped.
static char s_sceneOptions[256] = "";

static void RememberSceneOption( const char* option, const char* value )
{
	size_t used = strlen( s_sceneOptions );
	snprintf( s_sceneOptions + used, sizeof( s_sceneOptions ) - used, " %s%s%s", option, value != NULL ? " " : "",
	          value != NULL ? value : "" );
}

static Outcome RunScene( uint64_t seed, int index, bool* hasJoints, bool* onWorld )
{
	Scene s = MakeScene( seed, index );
	*hasJoints = s.jointCount > 0;
	*onWorld = s.onWorld;
	// SOAK_SAVE=FILE writes the scene as built (ttWorld_SaveScene), to be read with tether run/view.
	const char* savePath = getenv( "SOAK_SAVE" );
	if ( savePath != NULL && ttWorld_SaveScene( s.world, savePath ) != ttResult_ok )
	{
		fprintf( stderr, "tether-soak: could not write SOAK_SAVE=%s\n", savePath );
	}
	ttReal start = TotalEnergy( s.world );
	ttReal afterFirst = 0, peak = start;
	int peakStep = -1;
	Outcome outcome = outcome_ok;
	Reach reach = StartReach( &s );
	for ( int step = 0; step < 600 && outcome != outcome_failed; ++step )
	{
		ttResult result = ttWorld_Step( s.world, (ttReal)1 / 60 );
		const char* broken = result != ttResult_ok ? ttResultName( result ) : CheckState( &s );
		const char* carried = broken == NULL ? CheckReach( &s, &reach, 1.0 / 60 ) : NULL;
		if ( carried != NULL )
		{
			printf( "carried away: scene %d, step %d: %s\n  reproduce: tether-soak --seed %llu --scene %d%s\n", index,
			        step, carried, (unsigned long long)seed, index, s_sceneOptions );
			outcome = outcome_carried;
			break;
		}
		// A runaway that goes on growing ends in an overflow, which the step guard undoes with
		// ttResult_stepFailed (docs/hardening.md): that is the library keeping its promise, and the
		// scene counts as the runaway it already is. Any other failure, and this one in a scene
		// that had not run away, fails the scene.
		if ( broken != NULL && outcome == outcome_runaway && result == ttResult_stepFailed )
		{
			printf( "  scene %d, step %d: the runaway overflowed; the step was undone (stepFailed)\n", index, step );
			break;
		}
		if ( broken != NULL )
		{
			printf( "FAIL scene %d, step %d: %s\n  reproduce: tether-soak --seed %llu --scene %d%s\n", index, step,
			        broken, (unsigned long long)seed, index, s_sceneOptions );
			outcome = outcome_failed;
			break;
		}
		ttReal energy = TotalEnergy( s.world );
		afterFirst = step == 0 ? energy : afterFirst;
		if ( energy > peak )
		{
			peak = energy;
			peakStep = step;
		}
		double speed = Speed( &s );
		double farthest = Farthest( &s );
		if ( outcome == outcome_ok && energy > start + (ttReal)0.1 * ttAbs( start ) + 1 )
		{
			printf( "runaway scene %d (%d joints%s), step %d: speed %.4g m/s, farthest %.4g m, energy %.6g J from "
			        "%.6g J\n  reproduce: tether-soak --seed %llu --scene %d%s\n",
			        index, s.jointCount, s.onWorld ? ", one to the world" : "", step, speed, farthest, (double)energy,
			        (double)start, (unsigned long long)seed, index, s_sceneOptions );
			outcome = outcome_runaway;
			if ( s_explain )
			{
				ExplainScene( &s );
			}
		}
	}
	if ( s_explain && outcome == outcome_runaway )
	{
		printf( "  energy after step 0 %.6g J (%+.3g %% of the start), peak %.6g J at step %d (%+.3g %% of the "
		        "energy after step 0)\n",
		        (double)afterFirst, 100 * (double)( ( afterFirst - start ) / ttAbs( start ) ), (double)peak, peakStep,
		        100 * (double)( ( peak - afterFirst ) / ttAbs( afterFirst ) ) );
	}
	ttDestroyWorld( s.world );
	return outcome;
}

int main( int argc, char** argv )
{
	double seconds = 10;
	unsigned long long seed = 1;
	int only = -1;
	bool strict = false, reachOpen = false;
	int sceneLimit = 0;
	for ( int i = 1; i < argc; ++i )
	{
		if ( strcmp( argv[i], "--seconds" ) == 0 && i + 1 < argc )
		{
			seconds = atof( argv[++i] );
		}
		else if ( strcmp( argv[i], "--seed" ) == 0 && i + 1 < argc )
		{
			seed = strtoull( argv[++i], NULL, 10 );
		}
		else if ( strcmp( argv[i], "--scene" ) == 0 && i + 1 < argc )
		{
			only = atoi( argv[++i] );
		}
		else if ( strcmp( argv[i], "--strict" ) == 0 )
		{
			strict = true;
		}
		else if ( strcmp( argv[i], "--reach-open" ) == 0 )
		{
			reachOpen = true;
		}
		else if ( strcmp( argv[i], "--scenes" ) == 0 && i + 1 < argc )
		{
			sceneLimit = atoi( argv[++i] );
		}
		else if ( strcmp( argv[i], "--substeps" ) == 0 && i + 1 < argc )
		{
			RememberSceneOption( argv[i], argv[i + 1] );
			s_settings.substeps = atoi( argv[++i] );
		}
		else if ( strcmp( argv[i], "--iterations" ) == 0 && i + 1 < argc )
		{
			RememberSceneOption( argv[i], argv[i + 1] );
			s_settings.iterations = atoi( argv[++i] );
		}
		else if ( strcmp( argv[i], "--no-contacts" ) == 0 )
		{
			RememberSceneOption( argv[i], NULL );
			s_settings.noContacts = true;
		}
		else if ( strcmp( argv[i], "--no-world-joints" ) == 0 )
		{
			RememberSceneOption( argv[i], NULL );
			s_settings.noWorldJoints = true;
		}
		else if ( strcmp( argv[i], "--explain" ) == 0 )
		{
			s_explain = true;
		}
		else if ( strcmp( argv[i], "--tree" ) == 0 )
		{
			RememberSceneOption( argv[i], NULL );
			s_settings.treeSolve = true;
		}
		else if ( strcmp( argv[i], "--joint-solver" ) == 0 && i + 1 < argc )
		{
			RememberSceneOption( argv[i], argv[i + 1] );
			const char* name = argv[++i];
			if ( strcmp( name, "xpbd" ) == 0 )
			{
				s_settings.jointSolver = ttJointSolver_xpbd;
			}
			else if ( strcmp( name, "si" ) == 0 )
			{
				s_settings.jointSolver = ttJointSolver_si;
			}
			else if ( strcmp( name, "pointmass" ) == 0 )
			{
				s_settings.jointSolver = ttJointSolver_pointmass;
			}
			else
			{
				fprintf( stderr, "tether-soak: unknown joint solver '%s' (xpbd, si or pointmass)\n", name );
				return 2;
			}
		}
		else
		{
			fprintf( stderr,
			         "usage: tether-soak [--seconds S | --scenes N] [--seed N] [--scene K] [--strict] [--reach-open] "
			         "[--explain]\n"
			         "                   [--no-contacts] [--no-world-joints] [--joint-solver xpbd|si|pointmass] "
			         "[--tree] [--substeps N] [--iterations N]\n" );
			return 2;
		}
	}
	if ( s_settings.substeps < 1 || s_settings.iterations < 1 || sceneLimit < 0 )
	{
		fprintf( stderr, "tether-soak: --substeps, --iterations and --scenes take a positive count\n" );
		return 2;
	}
	if ( getenv( "SOAK_LOG" ) == NULL )
	{
		ttSetLogFcn( Quiet );
	}
	int scenes = 0, runaways = 0, failures = 0, carried = 0, jointless = 0, jointlessRunaways = 0, hung = 0,
	    hungRunaways = 0;
	clock_t begin = clock();
	for ( int index = only >= 0 ? only : 0;; ++index )
	{
		bool hasJoints = false, onWorld = false;
		Outcome outcome = RunScene( seed, index, &hasJoints, &onWorld );
		hung += onWorld ? 1 : 0;
		hungRunaways += onWorld && outcome == outcome_runaway ? 1 : 0;
		scenes += 1;
		runaways += outcome == outcome_runaway ? 1 : 0;
		jointless += hasJoints ? 0 : 1;
		jointlessRunaways += hasJoints == false && outcome == outcome_runaway ? 1 : 0;
		failures += outcome == outcome_failed ? 1 : 0;
		carried += outcome == outcome_carried ? 1 : 0;
		bool done = sceneLimit > 0 ? scenes >= sceneLimit : (double)( clock() - begin ) / CLOCKS_PER_SEC >= seconds;
		if ( only >= 0 || done )
		{
			break;
		}
	}
	printf( "soak: seed %llu, %d scenes of 600 steps: %d failed, %d carried beyond their reach%s, %d ran away (energy "
	        "up by more than 10 %% + 1 J), of which %d of the %d scenes without joints and %d of the %d hung on the "
	        "world\n",
	        seed, scenes, failures, carried, reachOpen ? " (open: not failing the run)" : "", runaways,
	        jointlessRunaways, jointless, hungRunaways, hung );
	return failures > 0 || ( carried > 0 && reachOpen == false ) || ( strict && runaways > 0 ) ? 1 : 0;
}
