// SPDX-License-Identifier: MIT
// World lifetime, settings, id resolution and the step entry point.
#include "world.h"

#include "bounds.h"
#include "contact_solver.h"
#include "contact_solver_wide.h"
#include "core.h"
#include "island.h"
#include "joint_path.h"
#include "joint_solver.h"
#include "long_range.h"
#include "particle.h"
#include "step.h"
#include "step_guard.h"

#include "tether/tether.h"

#include <stddef.h>
#include <string.h>

#define TT_DEF_COOKIE 0x7e7e7e

// Registry of live worlds so that ids can be checked. Like the allocator hook this is process
// state; it holds no simulation data.
static ttWorld* s_worlds[TT_MAX_WORLDS];
static uint32_t s_worldGenerations[TT_MAX_WORLDS];

ttWorldDef ttDefaultWorldDef( void )
{
	ttWorldDef def = { 0 };
	def.gravity = ( ttVec3 ){ 0, (ttReal)-9.81, 0 };
	def.substeps = 20;
	def.iterations = 1;
	def.contactCompliance = 0;
	def.maxPushoutSpeed = (ttReal)0.4;
	def.restitutionThresholdScale = 2;
	def.maxRotationPerSubstep = (ttReal)0.5;
	def.enableContacts = true;
	def.contactSolver = ttContactSolver_softStep;
	def.contactHertz = 180;
	def.contactDampingRatio = 10;
	ttLongRange_SetDefaults( def.enableLongRange );
	def.enableSleep = true;
	def.timeToSleep = (ttReal)0.5;
	def.linearSleepThreshold = (ttReal)0.05;
	def.angularSleepThreshold = (ttReal)0.05;
	def.jointSolver = ttJointSolver_xpbd;
	def.jointHertz = 60;
	def.jointDampingRatio = 2;
	def.jointBaumgarte = (ttReal)0.2;
	def.jointCfm = 0;
	def.workerCount = 1;
	def.internalValue = TT_DEF_COOKIE;
	return def;
}

ttWorld* ttGetWorldByIndex( uint32_t index )
{
	return index < TT_MAX_WORLDS ? s_worlds[index] : NULL;
}

ttWorld* ttGetWorld( ttWorldId id )
{
	if ( id.index1 == 0 || id.index1 > TT_MAX_WORLDS )
	{
		return NULL;
	}
	uint32_t index = id.index1 - 1;
	if ( s_worlds[index] == NULL || s_worldGenerations[index] != id.generation )
	{
		return NULL;
	}
	return s_worlds[index];
}

ttWorld* ttResolveWorld( const char* function, ttWorldId id )
{
	ttWorld* world = ttGetWorld( id );
	if ( world == NULL )
	{
		ttReportError( function, "invalid world id (null, destroyed or stale)" );
		return NULL;
	}
	if ( world->locked )
	{
		ttReportError( function, "the world is locked inside ttWorld_Step" );
		return NULL;
	}
	return world;
}

bool ttWorld_IsValid( ttWorldId worldId )
{
	return ttGetWorld( worldId ) != NULL;
}

static bool ttCheckWorldSettings( const char* function, ttVec3 gravity, int substeps, int iterations,
                                  ttReal contactCompliance )
{
	if ( ttIsBoundedVec3( gravity, TT_MAX_GRAVITY ) == false )
	{
		ttReportError( function, "gravity must be finite and each component within +-TT_MAX_GRAVITY (1e6 m/s^2)" );
		return false;
	}
	if ( substeps < 1 || substeps > 100000 )
	{
		ttReportError( function, "substeps must be in [1, 100000], got %d", substeps );
		return false;
	}
	if ( iterations < 1 || iterations > 100000 )
	{
		ttReportError( function, "iterations must be in [1, 100000], got %d", iterations );
		return false;
	}
	if ( ttIsValidReal( contactCompliance ) == false || contactCompliance < 0 )
	{
		ttReportError( function, "contactCompliance must be finite and >= 0" );
		return false;
	}
	return true;
}

static bool ttCheckSleepThresholds( const char* function, ttReal linear, ttReal angular, ttReal timeToSleep )
{
	if ( ttIsValidReal( linear ) == false || linear < 0 || ttIsValidReal( angular ) == false || angular < 0 )
	{
		ttReportError( function, "sleep thresholds must be finite and >= 0" );
		return false;
	}
	if ( ttIsValidReal( timeToSleep ) == false || timeToSleep <= 0 )
	{
		ttReportError( function, "timeToSleep must be finite and > 0" );
		return false;
	}
	return true;
}

// The velocity-level joints' feedback: finite, hertz, damping ratio and CFM >= 0, the Baumgarte
// factor in [0, 1] (more than the whole error per substep overshoots).
static bool ttCheckJointSoftness( const char* function, ttReal hertz, ttReal dampingRatio, ttReal baumgarte,
                                  ttReal cfm )
{
	if ( ttIsValidReal( hertz ) == false || hertz < 0 || ttIsValidReal( dampingRatio ) == false || dampingRatio < 0 ||
	     ttIsValidReal( baumgarte ) == false || baumgarte < 0 || baumgarte > 1 || ttIsValidReal( cfm ) == false ||
	     cfm < 0 )
	{
		ttReportError( function, "jointHertz, jointDampingRatio and jointCfm must be finite and >= 0, jointBaumgarte "
		                         "in [0, 1]" );
		return false;
	}
	return true;
}

ttWorldId ttCreateWorld( const ttWorldDef* def )
{
	if ( def == NULL || def->internalValue != TT_DEF_COOKIE )
	{
		TT_ERROR( "def is NULL or was not initialised with ttDefaultWorldDef" );
		return ttNullWorldId;
	}
	if ( ttCheckWorldSettings( __func__, def->gravity, def->substeps, def->iterations, def->contactCompliance ) ==
	     false )
	{
		return ttNullWorldId;
	}
	if ( ttIsValidReal( def->maxPushoutSpeed ) == false || def->maxPushoutSpeed <= 0 ||
	     ttIsValidReal( def->restitutionThresholdScale ) == false || def->restitutionThresholdScale < 0 ||
	     ttIsValidReal( def->maxRotationPerSubstep ) == false || def->maxRotationPerSubstep <= 0 )
	{
		TT_ERROR( "maxPushoutSpeed and maxRotationPerSubstep must be finite and > 0, restitutionThresholdScale >= 0" );
		return ttNullWorldId;
	}
	if ( ttContactFamily_Get( def->contactSolver ) == NULL || ttIsValidReal( def->contactHertz ) == false ||
	     def->contactHertz < 0 || ttIsValidReal( def->contactDampingRatio ) == false || def->contactDampingRatio < 0 )
	{
		TT_ERROR( "contactSolver must be a ttContactSolverType, contactHertz and contactDampingRatio finite and >= 0" );
		return ttNullWorldId;
	}
	if ( ttCheckSleepThresholds( __func__, def->linearSleepThreshold, def->angularSleepThreshold, def->timeToSleep ) ==
	     false )
	{
		return ttNullWorldId;
	}
	if ( ttJointFamily_Get( def->jointSolver ) == NULL )
	{
		TT_ERROR( "unknown joint solver %d (jointSolver must be a ttJointSolverType)", (int)def->jointSolver );
		return ttNullWorldId;
	}
	if ( ttCheckJointSoftness( __func__, def->jointHertz, def->jointDampingRatio, def->jointBaumgarte,
	                           def->jointCfm ) == false )
	{
		return ttNullWorldId;
	}

	if ( ttTaskSystem_Check( __func__, def->workerCount, def->enqueueTask, def->finishTask ) == false )
	{
		return ttNullWorldId;
	}

	int slot = -1;
	for ( int i = 0; i < TT_MAX_WORLDS; ++i )
	{
		if ( s_worlds[i] == NULL )
		{
			slot = i;
			break;
		}
	}
	if ( slot < 0 )
	{
		TT_ERROR( "too many worlds (at most %d)", TT_MAX_WORLDS );
		return ttNullWorldId;
	}

	// The threads first: a world that cannot have the workers it asked for is not made.
	ttTaskSystem tasks;
	if ( ttTaskSystem_Create( &tasks, def->workerCount, def->enqueueTask, def->finishTask, def->userTaskContext ) ==
	     false )
	{
		return ttNullWorldId;
	}
	ttWorld* world = ttAlloc( sizeof( ttWorld ) );
	if ( world == NULL )
	{
		ttTaskSystem_Destroy( &tasks );
		TT_ERROR( "out of memory" );
		return ttNullWorldId;
	}
	memset( world, 0, sizeof( *world ) );
	world->tasks = tasks;
	world->index = (uint16_t)slot;
	world->generation = s_worldGenerations[slot];
	world->gravity = def->gravity;
	world->substeps = def->substeps;
	world->iterations = def->iterations;
	world->contactCompliance = def->contactCompliance;
	world->maxPushoutSpeed = def->maxPushoutSpeed;
	world->restitutionThresholdScale = def->restitutionThresholdScale;
	world->maxRotationPerSubstep = def->maxRotationPerSubstep;
	world->enableContacts = def->enableContacts;
	world->contactSolver = def->contactSolver;
	world->contactHertz = def->contactHertz;
	world->contactDampingRatio = def->contactDampingRatio;
	memcpy( world->enableLongRange, def->enableLongRange, sizeof( world->enableLongRange ) );
	world->enableSleep = def->enableSleep;
	world->timeToSleep = def->timeToSleep;
	world->linearSleepThreshold = def->linearSleepThreshold;
	world->angularSleepThreshold = def->angularSleepThreshold;
	world->jointSolver = def->jointSolver;
	world->jointHertz = def->jointHertz;
	world->jointDampingRatio = def->jointDampingRatio;
	world->jointBaumgarte = def->jointBaumgarte;
	world->jointCfm = def->jointCfm;
	world->jointTreeSolve = def->jointTreeSolve;
	uint32_t generationBase = world->generation * 4099u;
	ttPool_Create( &world->bodies, sizeof( ttBody ), generationBase );
	ttPool_Create( &world->shapes, sizeof( ttShape ), generationBase );
	ttPool_Create( &world->joints, sizeof( ttJoint ), generationBase );
	ttBroadPhase_Create( &world->broadPhase );
	ttLongRangeGraph_Init( &world->longRange );
	world->step = ttStepContext_Make( world, 0 );

	// The ground body: static, at the origin, never visible through the API.
	world->groundBody = ttPool_Alloc( &world->bodies );
	if ( world->groundBody < 0 )
	{
		ttPool_Destroy( &world->bodies );
		ttPool_Destroy( &world->shapes );
		ttPool_Destroy( &world->joints );
		ttTaskSystem_Destroy( &world->tasks );
		ttFree( world );
		TT_ERROR( "out of memory" );
		return ttNullWorldId;
	}
	ttBody* ground = ttWorld_Body( world, world->groundBody );
	ground->type = ttBody_static;
	ground->q = TT_QUAT_IDENTITY;
	ground->prevQ = TT_QUAT_IDENTITY;
	ground->principalRotation = TT_QUAT_IDENTITY;
	ground->shapeHead = -1;
	ground->jointEdgeHead = -1;
	ttIsland_AddBody( world, world->groundBody, false );

	s_worlds[slot] = world;
	return ( ttWorldId ){ (uint32_t)( slot + 1 ), world->generation };
}

void ttDestroyWorld( ttWorldId worldId )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return;
	}
	for ( int i = 0; i < world->shapes.count; ++i )
	{
		if ( world->shapes.used[i] )
		{
			ttShape_ReleaseData( ttWorld_Shape( world, i ) );
		}
	}
	for ( int i = 0; i < world->joints.count; ++i )
	{
		if ( world->joints.used[i] )
		{
			ttPathJoint_Destroy( ttWorld_Joint( world, i ) );
		}
	}
	ttParticles_Destroy( world );
	ttPool_Destroy( &world->bodies );
	ttPool_Destroy( &world->shapes );
	ttPool_Destroy( &world->joints );
	ttBroadPhase_Destroy( &world->broadPhase );
	ttLongRangeGraph_Destroy( &world->longRange );
	ttFree( world->aabbs );
	ttFree( world->pairs );
	ttFree( world->manifolds );
	ttFree( world->previousManifolds );
	ttFree( world->pairCollisions );
	ttFree( world->jointGuardTerms );
	ttFree( world->touching );
	ttFree( world->previousTouching );
	ttFree( world->beginEvents );
	ttFree( world->endEvents );
	ttFree( world->softManifolds );
	ttFree( world->softPoints );
	ttWideContacts_Destroy( world );
	ttFree( world->breakEvents );
	ttLongRange_Destroy( world );
	ttJointFamilies_Destroy( world );
	ttFree( world->awakeBodies );
	ttFree( world->awakeJoints );
	ttFree( world->islandScratch );
	ttFree( world->islandRest );
	ttFree( world->sleepingManifolds );
	ttStepGuard_Destroy( world );
	ttTaskSystem_Destroy( &world->tasks );
	s_worlds[world->index] = NULL;
	s_worldGenerations[world->index] += 1;
	ttFree( world );
}

ttResult ttWorld_Step( ttWorldId worldId, ttReal timeStep )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttIsValidReal( timeStep ) == false ||
	     ( timeStep != 0 && ( timeStep < TT_MIN_TIME_STEP || timeStep > TT_MAX_TIME_STEP ) ) )
	{
		TT_ERROR( "timeStep must be 0 or within [TT_MIN_TIME_STEP, TT_MAX_TIME_STEP] (1e-9 to 10 s), got %g",
		          (double)timeStep );
		return ttResult_invalidArgument;
	}
	world->breakEventCount = 0;
	if ( timeStep == 0 )
	{
		return ttResult_ok;
	}
	if ( ttStepGuard_Save( world ) == false || ttParticleGuard_Save( world ) == false )
	{
		return ttResult_outOfMemory;
	}
	world->locked = true;
	double start = ttNowMilliseconds();
	// The context lives in the world: the readouts between steps use its h.
	world->step = ttStepContext_Make( world, timeStep );
	ttStep( &world->step );
	int badParticles = ttParticleGuard_Check( world );
	ttResult result = ttStepGuard_Check( world, badParticles > 0 );
	if ( result != ttResult_ok )
	{
		ttParticleGuard_Restore( world );
	}
	world->broadPhase.posesChanged = true;
	world->stats.totalMs = ttNowMilliseconds() - start;
	world->locked = false;
	return result;
}

ttResult ttWorld_SetGravity( ttWorldId worldId, ttVec3 gravity )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttIsBoundedVec3( gravity, TT_MAX_GRAVITY ) == false )
	{
		TT_ERROR( "gravity must be finite and each component within +-TT_MAX_GRAVITY (1e6 m/s^2)" );
		return ttResult_invalidArgument;
	}
	if ( gravity.x != world->gravity.x || gravity.y != world->gravity.y || gravity.z != world->gravity.z )
	{
		ttIsland_WakeAll( world ); // resting bodies rest on the old gravity
	}
	world->gravity = gravity;
	return ttResult_ok;
}

ttVec3 ttWorld_GetGravity( ttWorldId worldId )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	return world != NULL ? world->gravity : TT_VEC3_ZERO;
}

ttResult ttWorld_SetSubsteps( ttWorldId worldId, int substeps )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttCheckWorldSettings( __func__, world->gravity, substeps, world->iterations, world->contactCompliance ) ==
	     false )
	{
		return ttResult_invalidArgument;
	}
	world->substeps = substeps;
	return ttResult_ok;
}

int ttWorld_GetSubsteps( ttWorldId worldId )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	return world != NULL ? world->substeps : 0;
}

ttResult ttWorld_SetIterations( ttWorldId worldId, int iterations )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttCheckWorldSettings( __func__, world->gravity, world->substeps, iterations, world->contactCompliance ) ==
	     false )
	{
		return ttResult_invalidArgument;
	}
	world->iterations = iterations;
	return ttResult_ok;
}

int ttWorld_GetIterations( ttWorldId worldId )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	return world != NULL ? world->iterations : 0;
}

ttResult ttWorld_SetContactCompliance( ttWorldId worldId, ttReal compliance )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttCheckWorldSettings( __func__, world->gravity, world->substeps, world->iterations, compliance ) == false )
	{
		return ttResult_invalidArgument;
	}
	world->contactCompliance = compliance;
	return ttResult_ok;
}

ttResult ttWorld_EnableContacts( ttWorldId worldId, bool flag )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ttResult_invalidId;
	}
	world->enableContacts = flag;
	if ( flag == false )
	{
		world->manifoldCount = 0;
		world->previousManifoldCount = 0;
		world->pairCount = 0;
		world->sleepingManifoldCount = 0;
	}
	return ttResult_ok;
}

bool ttWorld_AreContactsEnabled( ttWorldId worldId )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	return world != NULL && world->enableContacts;
}

ttResult ttWorld_SetContactSolver( ttWorldId worldId, ttContactSolverType solver )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttContactFamily_Get( solver ) == NULL )
	{
		TT_ERROR( "solver %d is not a ttContactSolverType", (int)solver );
		return ttResult_invalidArgument;
	}
	world->contactSolver = solver;
	return ttResult_ok;
}

ttContactSolverType ttWorld_GetContactSolver( ttWorldId worldId )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	return world != NULL ? world->contactSolver : ttContactSolver_xpbd;
}

ttResult ttWorld_SetJointSolver( ttWorldId worldId, ttJointSolverType solver )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttJointFamily_Get( solver ) == NULL )
	{
		TT_ERROR( "solver %d is not a ttJointSolverType", (int)solver );
		return ttResult_invalidArgument;
	}
	world->jointSolver = solver;
	return ttResult_ok;
}

ttResult ttWorld_SetWorkerCount( ttWorldId worldId, int workerCount )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttTaskSystem_Check( __func__, workerCount, NULL, NULL ) == false )
	{
		return ttResult_invalidArgument;
	}
	ttTaskSystem* tasks = &world->tasks;
	if ( workerCount == tasks->workerCount )
	{
		return ttResult_ok;
	}
	if ( tasks->enqueueTask != NULL )
	{
		// The user's scheduler has no threads of ours to start or stop: only the count changes.
		tasks->workerCount = workerCount;
		return ttResult_ok;
	}
	ttTaskSystem replacement;
	if ( ttTaskSystem_Create( &replacement, workerCount, NULL, NULL, NULL ) == false )
	{
		return ttResult_outOfMemory; // the message is out; the world keeps its workers
	}
	ttTaskSystem_Destroy( tasks );
	*tasks = replacement;
	return ttResult_ok;
}

int ttWorld_GetWorkerCount( ttWorldId worldId )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	return world != NULL ? world->tasks.workerCount : 0;
}

ttJointSolverType ttWorld_GetJointSolver( ttWorldId worldId )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	return world != NULL ? world->jointSolver : ttJointSolver_xpbd;
}

ttResult ttWorld_EnableJointTreeSolve( ttWorldId worldId, bool flag )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ttResult_invalidId;
	}
	world->jointTreeSolve = flag;
	return ttResult_ok;
}

bool ttWorld_IsJointTreeSolveEnabled( ttWorldId worldId )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	return world != NULL && world->jointTreeSolve;
}

ttResult ttWorld_SetJointSoftness( ttWorldId worldId, ttReal hertz, ttReal dampingRatio, ttReal baumgarte, ttReal cfm )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttCheckJointSoftness( __func__, hertz, dampingRatio, baumgarte, cfm ) == false )
	{
		return ttResult_invalidArgument;
	}
	world->jointHertz = hertz;
	world->jointDampingRatio = dampingRatio;
	world->jointBaumgarte = baumgarte;
	world->jointCfm = cfm;
	return ttResult_ok;
}

ttResult ttWorld_EnableJointJacobi( ttWorldId worldId, bool flag )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ttResult_invalidId;
	}
	world->jointJacobi = flag;
	return ttResult_ok;
}

bool ttWorld_IsJointJacobiEnabled( ttWorldId worldId )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	return world != NULL && world->jointJacobi;
}

ttResult ttWorld_EnableWideContacts( ttWorldId worldId, bool flag )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ttResult_invalidId;
	}
	world->scalarContactSolve = flag == false;
	return ttResult_ok;
}

bool ttWorld_IsWideContactsEnabled( ttWorldId worldId )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	return world != NULL && world->scalarContactSolve == false;
}

ttResult ttWorld_SetContactSoftness( ttWorldId worldId, ttReal hertz, ttReal dampingRatio )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttIsValidReal( hertz ) == false || hertz < 0 || ttIsValidReal( dampingRatio ) == false || dampingRatio < 0 )
	{
		TT_ERROR( "hertz and dampingRatio must be finite and >= 0" );
		return ttResult_invalidArgument;
	}
	world->contactHertz = hertz;
	world->contactDampingRatio = dampingRatio;
	return ttResult_ok;
}

ttResult ttWorld_EnableSleep( ttWorldId worldId, bool flag )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ttResult_invalidId;
	}
	world->enableSleep = flag;
	if ( flag == false )
	{
		ttIsland_WakeAll( world );
	}
	return ttResult_ok;
}

bool ttWorld_IsSleepEnabled( ttWorldId worldId )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	return world != NULL && world->enableSleep;
}

ttResult ttWorld_SetSleepThresholds( ttWorldId worldId, ttReal linearSpeed, ttReal angularSpeed, ttReal timeToSleep )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttCheckSleepThresholds( __func__, linearSpeed, angularSpeed, timeToSleep ) == false )
	{
		return ttResult_invalidArgument;
	}
	world->linearSleepThreshold = linearSpeed;
	world->angularSleepThreshold = angularSpeed;
	world->timeToSleep = timeToSleep;
	return ttResult_ok;
}

int ttWorld_GetAwakeBodyCount( ttWorldId worldId )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	return world != NULL ? world->awakeBodyCount : 0;
}

int ttWorld_GetBodyCount( ttWorldId worldId )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	// The hidden ground body is not counted.
	return world != NULL ? world->bodies.liveCount - 1 : 0;
}

int ttWorld_GetJointCount( ttWorldId worldId )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	return world != NULL ? world->joints.liveCount : 0;
}

// The manifolds of the last substep, then those kept for sleeping islands (see island.h); each
// manifold is reported from one of the two lists.
static const ttManifold* ttReportedManifold( ttWorld* world, int i )
{
	const ttManifold* m;
	bool sleeping;
	if ( i < world->manifoldCount )
	{
		m = world->manifolds + i;
		sleeping = false;
	}
	else
	{
		m = world->sleepingManifolds + ( i - world->manifoldCount );
		sleeping = true;
	}
	return ttIsland_IsSleepingManifold( world, m ) == sleeping ? m : NULL;
}

int ttWorld_GetContactCount( ttWorldId worldId )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return 0;
	}
	int count = 0;
	for ( int i = 0; i < world->manifoldCount + world->sleepingManifoldCount; ++i )
	{
		const ttManifold* m = ttReportedManifold( world, i );
		count += m != NULL ? m->pointCount : 0;
	}
	return count;
}

int ttWorld_GetContactData( ttWorldId worldId, ttContactData* data, int capacity )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return 0;
	}
	if ( data == NULL || capacity < 0 )
	{
		TT_ERROR( "data must not be NULL and capacity must be >= 0" );
		return 0;
	}
	// The stored impulses are those of the last substep, of the family that made them.
	const ttContactFamily* family = ttContactFamily_Get( world->step.contactSolver );
	int count = 0;
	for ( int i = 0; i < world->manifoldCount + world->sleepingManifoldCount && count < capacity; ++i )
	{
		const ttManifold* m = ttReportedManifold( world, i );
		if ( m == NULL )
		{
			continue;
		}
		const ttBody* bodyA = ttWorld_Body( world, m->bodyA );
		const ttBody* bodyB = ttWorld_Body( world, m->bodyB );
		for ( int j = 0; j < m->pointCount && count < capacity; ++j )
		{
			const ttContactPoint* cp = m->points + j;
			ttContactData* out = data + count++;
			out->shapeA = ttMakeShapeId( world, m->shapeA );
			out->shapeB = ttMakeShapeId( world, m->shapeB );
			out->bodyA = m->bodyA == world->groundBody ? ttNullBodyId : ttMakeBodyId( world, m->bodyA );
			out->bodyB = ttMakeBodyId( world, m->bodyB );
			ttVec3 rA = ttRotate( bodyA->q, cp->localAnchorA );
			ttVec3 rB = ttRotate( bodyB->q, cp->localAnchorB );
			out->point = ttAdd( ttBody_Center( bodyB ), rB );
			out->normal = m->normal;
			out->separation = ttDot( ttAdd( ttBody_RelativeCenter( bodyA, bodyB ), ttSub( rB, rA ) ), m->normal );
			out->featureId = cp->id;
			family->pointForce( &world->step, cp, &out->normalForce, &out->frictionForce );
		}
	}
	return count;
}

ttJointBreakEvents ttWorld_GetJointBreakEvents( ttWorldId worldId )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ( ttJointBreakEvents ){ NULL, 0 };
	}
	return ( ttJointBreakEvents ){ world->breakEvents, world->breakEventCount };
}

ttStepStats ttWorld_GetStepStats( ttWorldId worldId )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ( ttStepStats ){ 0 };
	}
	return world->stats;
}

// ---------------------------------------------------------------------------------------------
// Id helpers

ttBodyId ttMakeBodyId( const ttWorld* world, int index )
{
	return ( ttBodyId ){ index + 1, world->index, world->bodies.generations[index] };
}

ttShapeId ttMakeShapeId( const ttWorld* world, int index )
{
	return ( ttShapeId ){ index + 1, world->index, world->shapes.generations[index] };
}

ttJointId ttMakeJointId( const ttWorld* world, int index )
{
	return ( ttJointId ){ index + 1, world->index, world->joints.generations[index] };
}

static ttWorld* ttResolveObjectWorld( const char* function, uint32_t world0, const char* what )
{
	ttWorld* world = ttGetWorldByIndex( world0 );
	if ( world == NULL )
	{
		ttReportError( function, "invalid %s id: its world does not exist", what );
		return NULL;
	}
	if ( world->locked )
	{
		ttReportError( function, "the world is locked inside ttWorld_Step" );
		return NULL;
	}
	return world;
}

// A live object of a pool, or NULL with a message naming the caller.
static void* ttResolvePoolObject( const char* function, uint32_t world0, int32_t index1, uint32_t generation,
                                  size_t poolOffset, const char* what, ttWorld** worldOut )
{
	ttWorld* world = ttResolveObjectWorld( function, world0, what );
	if ( world == NULL )
	{
		return NULL;
	}
	const ttPool* pool = (const ttPool*)( (const char*)world + poolOffset );
	int index = index1 - 1;
	bool ground = pool == &world->bodies && index == world->groundBody;
	if ( ground || ttPool_IsLive( pool, index, generation ) == false )
	{
		ttReportError( function, "invalid %s id (null, destroyed or stale)", what );
		return NULL;
	}
	*worldOut = world;
	return ttPool_Get( pool, index );
}

ttBody* ttResolveBody( const char* function, ttBodyId id, ttWorld** worldOut )
{
	return ttResolvePoolObject( function, id.world0, id.index1, id.generation, offsetof( ttWorld, bodies ), "body",
	                            worldOut );
}

ttShape* ttResolveShape( const char* function, ttShapeId id, ttWorld** worldOut )
{
	return ttResolvePoolObject( function, id.world0, id.index1, id.generation, offsetof( ttWorld, shapes ), "shape",
	                            worldOut );
}

ttJoint* ttResolveJoint( const char* function, ttJointId id, ttWorld** worldOut )
{
	return ttResolvePoolObject( function, id.world0, id.index1, id.generation, offsetof( ttWorld, joints ), "joint",
	                            worldOut );
}

bool ttWorld_JointPreventsCollision( ttWorld* world, int bodyA, int bodyB )
{
	const ttBody* a = ttWorld_Body( world, bodyA );
	int key = a->jointEdgeHead;
	while ( key >= 0 )
	{
		int jointIndex = key >> 1;
		int side = key & 1;
		const ttJoint* joint = ttWorld_Joint( world, jointIndex );
		int other = side == 0 ? joint->bodyB : joint->bodyA;
		if ( other == bodyB && joint->collideConnected == false )
		{
			return true;
		}
		key = joint->edgeNext[side];
	}
	return false;
}
