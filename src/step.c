// SPDX-License-Identifier: MIT
// One world step, Algorithm 2 of Mueller et al. 2020, as a list of phases over a step context:
//   once:        kinematic targets; wake and collect pairs; the joint family's prepare; long
//                range analyses;
//   per substep: joints and long range begin the substep -> integrate velocities -> [contacts
//                that collide first: narrow phase (in the first substep only, for a family
//                that collides once per step)] -> [contacts: follow the points, approach
//                speeds] -> [velocity-level joints: solve] ->
//                [velocity-level contacts: begin substep] -> integrate positions ->
//                [contacts that collide after: narrow phase] -> iterations of (contact positions,
//                joint positions, long range projections) -> long range end of iterations ->
//                derive velocities -> [joints after the derivation: the XPBD and point-mass
//                energy guard, the velocity-level joints' relax] -> contact velocities -> joint
//                velocities (the velocity-level joints' energy guard);
//   at the end:  fold displacements into positions, break joints, contact events, islands.
// The parallel loops (the per-body loops, the narrow phase, the broadphase sweep, the contact
// prepare and each colour of the contact solve) run on the world's workers (task.h), as stages
// of one launch per step (solver_stages.h); everything else runs on the calling thread.
// The contact and joint solvers are reached only through their tables (contact_solver.h,
// joint_solver.h), chosen once per step in ttStepContext_Make; the long range features through
// theirs (long_range.h).
#include "step.h"

#include "contact_solver.h"
#include "integrate.h"
#include "island.h"
#include "joint_solver.h"
#include "long_range.h"
#include "particle.h"
#include "solver_stages.h"
#include "world.h"

ttStepContext ttStepContext_Make( ttWorld* world, ttReal dt )
{
	ttStepContext ctx = { 0 };
	ctx.world = world;
	ctx.dt = dt;
	ctx.substeps = world->substeps;
	ctx.iterations = world->iterations;
	ctx.h = dt / (ttReal)world->substeps;
	ctx.invH = ctx.h > 0 ? 1 / ctx.h : 0;
	ctx.invH2 = ctx.h > 0 ? 1 / ( ctx.h * ctx.h ) : 0;
	ctx.contactSolver = world->contactSolver;
	ctx.contacts = world->enableContacts ? ttContactFamily_Get( world->contactSolver ) : NULL;
	ctx.joints = ttJointFamily_Get( world->jointSolver );
	return ctx;
}

void ttPushBreakEvent( ttWorld* world, int jointIndex, const ttJoint* joint )
{
	if ( world->breakEventCount == world->breakEventCapacity )
	{
		int capacity = world->breakEventCapacity < 16 ? 16 : 2 * world->breakEventCapacity;
		ttJointBreakEvent* events =
		    ttGrow( world->breakEvents, sizeof( ttJointBreakEvent ) * (size_t)world->breakEventCapacity,
		            sizeof( ttJointBreakEvent ) * (size_t)capacity );
		if ( events == NULL )
		{
			ttReportError( "ttWorld_Step", "out of memory: a joint break event was dropped" );
			return;
		}
		world->breakEvents = events;
		world->breakEventCapacity = capacity;
	}
	world->breakEvents[world->breakEventCount++] = ( ttJointBreakEvent ){
	    ttMakeJointId( world, jointIndex ), joint->userData, ttLength( joint->force ), ttLength( joint->torque ) };
}

static void ttBreakJoints( ttWorld* world )
{
	for ( int k = 0; k < world->awakeJointCount; ++k )
	{
		int i = world->awakeJoints[k];
		ttJoint* joint = ttWorld_Joint( world, i );
		if ( ttLength( joint->force ) > joint->breakForce || ttLength( joint->torque ) > joint->breakTorque )
		{
			ttPushBreakEvent( world, i, joint );
			ttWorld_RemoveJoint( world, i );
		}
	}
}

// The step visits only the awake bodies (island.c): sleeping ones cost nothing.
static ttBody* ttAwakeBody( ttWorld* world, int i )
{
	return ttWorld_Body( world, world->awakeBodies[i] );
}

// The per-body loops of a substep run on the world's workers (task.h): each body's update reads
// the world's settings and its own joints' frames and writes only the body, so the bodies are
// independent and the ranges may run in any order. A range of this many bodies is worth a
// handover between threads.
#define TT_BODIES_PER_RANGE 64

typedef struct ttBodyLoop
{
	ttWorld* world;
	ttReal h;
	bool cacheInverseInertia, pins;
} ttBodyLoop;

static void ttIntegrateVelocitiesRange( int start, int end, int worker, void* context )
{
	(void)worker;
	const ttBodyLoop* loop = context;
	for ( int i = start; i < end; ++i )
	{
		ttIntegrateVelocities( loop->world, ttAwakeBody( loop->world, i ), loop->h, loop->cacheInverseInertia,
		                       loop->pins );
	}
}

static void ttIntegratePositionsRange( int start, int end, int worker, void* context )
{
	(void)worker;
	const ttBodyLoop* loop = context;
	for ( int i = start; i < end; ++i )
	{
		ttIntegratePositions( loop->world, ttAwakeBody( loop->world, i ), loop->h, loop->pins );
	}
}

static void ttDeriveVelocitiesRange( int start, int end, int worker, void* context )
{
	(void)worker;
	const ttBodyLoop* loop = context;
	for ( int i = start; i < end; ++i )
	{
		ttBody* body = ttAwakeBody( loop->world, i );
		if ( body->type == ttBody_dynamic )
		{
			ttDeriveVelocities( body, loop->h );
		}
		body->substepRotation = ttScale( loop->h, body->w );
	}
}

static void ttFinishBodiesRange( int start, int end, int worker, void* context )
{
	(void)worker;
	const ttBodyLoop* loop = context;
	for ( int i = start; i < end; ++i )
	{
		ttFinishBody( ttAwakeBody( loop->world, i ) );
	}
}

// Wake what the awake bodies will touch, collect the pairs, list the joints to solve, and bring
// the joint family and the long range analyses up to date.
static void ttBeginStep( ttStepContext* ctx )
{
	ttWorld* world = ctx->world;
	for ( int i = 0; i < world->awakeBodyCount; ++i )
	{
		ttPrepareKinematic( ttAwakeBody( world, i ), ctx->dt );
	}
	TT_PHASE( ctx, ttStepPhase_collide, ttIsland_BeginStep( world, ctx->dt ) );
	if ( ctx->contacts == NULL )
	{
		world->pairCount = 0;
		world->manifoldCount = 0;
		world->previousManifoldCount = 0;
	}
	ctx->bodyCount = world->awakeBodyCount;
	ctx->jointCount = world->awakeJointCount;
	ctx->joints->prepare( ctx );
	ttLongRange_Update( world );
	if ( world->particles != NULL )
	{
		ttParticles_BeginStep( ctx );
	}
}

static void ttSubstep( ttStepContext* ctx )
{
	ttWorld* world = ctx->world;
	const ttContactFamily* contacts = ctx->contacts;
	const ttJointFamily* joints = ctx->joints;
	ttReal h = ctx->h;

	joints->beginSubstep( ctx );
	ttLongRange_BeginSubstep( world );
	ttBodyLoop bodyLoop = { world, h, contacts != NULL && contacts->needsWorldInverseInertia, joints->pinsBodies };
	ttParallelFor( &world->tasks, ctx->bodyCount, TT_BODIES_PER_RANGE, ttIntegrateVelocitiesRange, &bodyLoop );
	// A velocity-level family finds the contacts at the poses the substep starts from and solves
	// before the positions move, so they cannot pass through a contact found here.
	if ( contacts != NULL && contacts->collideBeforePositions &&
	     ( contacts->collideOncePerStep == false || ctx->substep == 0 || ctx->collideEverySubstep ) )
	{
		TT_PHASE( ctx, ttStepPhase_collide, ttUpdateContacts( world ) );
	}
	// The restitution answers the approach before the velocity-level joints' biased pass, whose
	// push-out of their position error is no approach (contact_solver_soft.c).
	if ( contacts != NULL && contacts->followPoints != NULL )
	{
		TT_PHASE( ctx, ttStepPhase_contacts, contacts->followPoints( ctx ) );
	}
	// Velocity-level joints before velocity-level contacts, so that non-penetration has the last
	// word (Box2D's order).
	if ( joints->solveBeforePositions != NULL )
	{
		TT_PHASE( ctx, ttStepPhase_joints, joints->solveBeforePositions( ctx ) );
	}
	if ( contacts != NULL && contacts->beginSubstep != NULL )
	{
		TT_PHASE( ctx, ttStepPhase_contacts, contacts->beginSubstep( ctx ) );
	}
	ttParallelFor( &world->tasks, ctx->bodyCount, TT_BODIES_PER_RANGE, ttIntegratePositionsRange, &bodyLoop );
	if ( contacts != NULL && contacts->collideBeforePositions == false )
	{
		TT_PHASE( ctx, ttStepPhase_collide, ttUpdateContacts( world ) );
	}
	// Particles predict their positions and find their contacts against the moved shapes.
	if ( world->particles != NULL )
	{
		ttParticles_BeginSubstep( ctx );
	}

	// Contacts before joints: articulations resting on the ground slide less this way. Long range
	// projections last in each iteration (paper section 4).
	for ( int iteration = 0; iteration < ctx->iterations; ++iteration )
	{
		if ( contacts != NULL && contacts->solvePositions != NULL )
		{
			TT_PHASE( ctx, ttStepPhase_contacts, contacts->solvePositions( ctx ) );
		}
		if ( joints->solvePositions != NULL )
		{
			TT_PHASE( ctx, ttStepPhase_joints, joints->solvePositions( ctx ) );
		}
		ttLongRange_Solve( world, h );
		if ( world->particles != NULL )
		{
			ttParticles_SolvePositions( ctx );
		}
	}
	// Fracture from the joint forces of the iterations, then rigid unions (paper section 3.5).
	ttLongRange_EndIterations( world, h );

	ttParallelFor( &world->tasks, ctx->bodyCount, TT_BODIES_PER_RANGE, ttDeriveVelocitiesRange, &bodyLoop );
	if ( joints->afterDeriveVelocities != NULL )
	{
		TT_PHASE( ctx, ttStepPhase_joints, joints->afterDeriveVelocities( ctx ) );
	}
	if ( world->particles != NULL )
	{
		ttParticles_EndSubstep( ctx );
	}
	if ( contacts != NULL && contacts->solveVelocities != NULL )
	{
		TT_PHASE( ctx, ttStepPhase_contacts, contacts->solveVelocities( ctx ) );
	}
	TT_PHASE( ctx, ttStepPhase_joints, joints->solveVelocities( ctx ) );
}

static void ttEndStep( ttStepContext* ctx )
{
	ttWorld* world = ctx->world;
	ttBodyLoop bodyLoop = { world, ctx->h, false, false };
	ttParallelFor( &world->tasks, ctx->bodyCount, TT_BODIES_PER_RANGE, ttFinishBodiesRange, &bodyLoop );
	ttBreakJoints( world );
	ttUpdateContactEvents( world );
	ttIsland_EndStep( world, ctx->dt );
	if ( world->particles != NULL )
	{
		ttParticles_EndStep( ctx );
	}
}

static void ttReportStats( ttStepContext* ctx, double startMs )
{
	ttWorld* world = ctx->world;
	ttStepStats* stats = &world->stats;
	stats->bodyCount = world->bodies.liveCount - 1;
	stats->jointCount = world->joints.liveCount;
	stats->awakeBodyCount = ctx->bodyCount;
	stats->awakeJointCount = ctx->jointCount;
	stats->pairCount = world->pairCount;
	int contactCount = 0;
	for ( int i = 0; i < world->manifoldCount; ++i )
	{
		contactCount += world->manifolds[i].pointCount;
	}
	stats->contactCount = contactCount;
	stats->collideMs = ctx->phaseMs[ttStepPhase_collide];
	stats->jointSolveMs = ctx->phaseMs[ttStepPhase_joints];
	stats->contactSolveMs = ctx->phaseMs[ttStepPhase_contacts];
	stats->solveMs = ttNowMilliseconds() - startMs - stats->collideMs;
}

void ttStep( ttStepContext* ctx )
{
	double start = ttNowMilliseconds();
	ttWorld* world = ctx->world;
	// One launch of the workers for the whole step: its parallel loops become stages that the
	// waiting workers pick up (solver_stages.h), instead of a wake of the pool for each.
	bool staged = ttStages_Begin( &world->tasks, world->awakeBodyCount + world->manifoldCount );
	ttBeginStep( ctx );
	for ( ctx->substep = 0; ctx->substep < ctx->substeps; ++ctx->substep )
	{
		ttSubstep( ctx );
	}
	ttEndStep( ctx );
	if ( staged )
	{
		ttStages_End( &world->tasks );
	}
	ttReportStats( ctx, start );
}
