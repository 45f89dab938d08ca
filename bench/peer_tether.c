// SPDX-License-Identifier: MIT
// tether's side of the peer benchmark, built with the C API directly (no scene files), so the
// bodies are exactly those the other adapters build. Settings: the default world (20 substeps of
// one position iteration each), 40 substeps as the higher effort, 4 substeps as the cheap setting
// (soft contacts then run at 36 Hz, 0.15 times the substep rate), and 4 substeps with the long
// range constraints a user would switch on for these scenes: attachments (chains hanging from the
// world) and supporting contacts (stacks on the ground).
#include "peer_scenes.h"

#include "tether/tether.h"

#include <stdlib.h>

static const char* const s_settings[] = { "20 substeps x 1 it (default)", "40 substeps x 1 it", "4 substeps x 1 it",
                                          "4 substeps x 1 it, long range (attachments, supporting contacts)" };
static const int s_substeps[] = { 20, 40, 4, 4 };
int peerTetherSubsteps = 0;
int peerTetherThreads = 1;
double peerTetherPairMs = 0;
static const bool s_longRange[] = { false, false, false, true };

typedef struct PeerTether
{
	ttWorldId world;
	ttBodyId* bodies;
	int bodyCount;
} PeerTether;

static ttVec3 peerVec( const double v[3] )
{
	return ttVec3Make( (ttReal)v[0], (ttReal)v[1], (ttReal)v[2] );
}

static ttShapeDef peerShapeDef( void )
{
	ttShapeDef def = ttDefaultShapeDef();
	def.staticFriction = (ttReal)PEER_FRICTION;
	def.dynamicFriction = (ttReal)PEER_FRICTION;
	def.restitution = 0;
	return def;
}

static void peerTetherDestroy( void* sim )
{
	PeerTether* t = sim;
	if ( ttWorld_IsValid( t->world ) )
	{
		ttDestroyWorld( t->world );
	}
	free( t->bodies );
	free( t );
}

static bool peerTetherAddBody( PeerTether* t, const PeerBody* b, int index )
{
	ttBodyDef bodyDef = ttDefaultBodyDef();
	bodyDef.type = ttBody_dynamic;
	bodyDef.position = peerVec( b->position );
	ttBodyId body = ttCreateBody( t->world, &bodyDef );
	ttShapeDef shapeDef = peerShapeDef();
	ttShapeId shape = ttNullShapeId;
	if ( b->shape == PeerShape_box )
	{
		ttBox box = { peerVec( b->halfExtents ) };
		shape = ttCreateBoxShape( body, &shapeDef, &box );
	}
	else if ( b->shape == PeerShape_sphere )
	{
		ttSphere sphere = { (ttReal)b->radius };
		shape = ttCreateSphereShape( body, &shapeDef, &sphere );
	}
	else
	{
		double half[3] = { 0, 0, 0 };
		half[b->axis] = b->halfLength;
		ttVec3 h = peerVec( half );
		ttCapsule capsule = { ttNeg( h ), h, (ttReal)b->radius };
		shape = ttCreateCapsuleShape( body, &shapeDef, &capsule );
	}
	// The scene's mass and inertia replace those derived from the shape's density.
	ttMassData mass = { (ttReal)b->mass, TT_VEC3_ZERO, peerVec( b->inertia ), ( ttQuat ){ 0, 0, 0, 1 } };
	t->bodies[index] = body;
	return TT_IS_NON_NULL( shape ) && ttBody_SetMassData( body, mass ) == ttResult_ok;
}

static void* peerTetherCreate( const PeerScene* scene, int setting, char* why, int whySize )
{
	(void)why;
	(void)whySize;
	PeerTether* t = calloc( 1, sizeof( PeerTether ) );
	if ( t == NULL )
	{
		return NULL;
	}
	t->bodies = calloc( (size_t)scene->bodyCount, sizeof( ttBodyId ) );
	ttWorldDef worldDef = ttDefaultWorldDef();
	worldDef.gravity = ttVec3Make( 0, (ttReal)-PEER_GRAVITY, 0 );
	worldDef.substeps = peerTetherSubsteps > 0 ? peerTetherSubsteps : s_substeps[setting];
	worldDef.iterations = 1;
	worldDef.workerCount = peerTetherThreads;
	worldDef.enableContacts = scene->collisions;
	worldDef.enableSleep = false; // the shared benchmark rules: sleeping off
	worldDef.enableLongRange[ttLongRange_attachments] = s_longRange[setting];
	worldDef.enableLongRange[ttLongRange_supportingContacts] = s_longRange[setting];
	t->world = ttCreateWorld( &worldDef );
	t->bodyCount = scene->bodyCount;
	bool ok = t->bodies != NULL && ttWorld_IsValid( t->world );
	for ( int i = 0; i < scene->staticCount && ok; ++i )
	{
		ttBodyDef bodyDef = ttDefaultBodyDef();
		bodyDef.type = ttBody_static;
		bodyDef.position = peerVec( scene->statics[i].position );
		ttBodyId body = ttCreateBody( t->world, &bodyDef );
		ttShapeDef shapeDef = peerShapeDef();
		ttBox box = { peerVec( scene->statics[i].halfExtents ) };
		ok = TT_IS_NON_NULL( ttCreateBoxShape( body, &shapeDef, &box ) );
	}
	for ( int i = 0; i < scene->bodyCount && ok; ++i )
	{
		ok = peerTetherAddBody( t, scene->bodies + i, i );
	}
	for ( int i = 0; i < scene->jointCount && ok; ++i )
	{
		const PeerJoint* j = scene->joints + i;
		ttSphericalJointDef def = ttDefaultSphericalJointDef();
		ttVec3 anchor = peerVec( j->anchor );
		ttBodyId a = j->a >= 0 ? t->bodies[j->a] : ttNullBodyId;
		ttBodyId b = t->bodies[j->b];
		def.base.bodyA = a;
		def.base.bodyB = b;
		// Bodies start unrotated, so a frame's local origin is the anchor minus the body's position.
		def.base.localFrameA.p = j->a >= 0 ? ttSub( anchor, ttBody_GetPosition( a ) ) : anchor;
		def.base.localFrameB.p = ttSub( anchor, ttBody_GetPosition( b ) );
		ok = TT_IS_NON_NULL( ttCreateSphericalJoint( t->world, &def ) );
	}
	if ( ok == false )
	{
		peerTetherDestroy( t );
		return NULL;
	}
	return t;
}

static bool peerTetherStep( void* sim )
{
	PeerTether* t = sim;
	bool ok = ttWorld_Step( t->world, (ttReal)PEER_TIME_STEP ) == ttResult_ok;
	peerTetherPairMs += ttWorld_GetStepStats( t->world ).pairMs;
	return ok;
}

static void peerTetherState( void* sim, int body, PeerBodyState* out )
{
	PeerTether* t = sim;
	ttBodyId id = t->bodies[body];
	ttVec3 p = ttBody_GetPosition( id ), v = ttBody_GetLinearVelocity( id );
	ttQuat q = ttBody_GetRotation( id );
	*out = ( PeerBodyState ){ { p.x, p.y, p.z }, { q.w, q.x, q.y, q.z }, { v.x, v.y, v.z } };
}

const PeerEngine peerTether = { "tether",          4,   s_settings, peerTetherCreate, peerTetherStep, peerTetherState,
                                peerTetherDestroy, NULL };
