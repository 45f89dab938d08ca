// SPDX-License-Identifier: MIT
// ODE 0.16 (Debian's libode-dev) side of the peer benchmark. Settings: QuickStep at its default
// 20 iterations and at 100 (BENCHMARKS.md). Everything else is ODE's default: ERP 0.2, CFM 1e-5,
// a hash space, auto-disable (sleeping) off. Contacts use the friction pyramid approximation
// (dContactApprox1) with mu 0.6, the usual choice for boxes, up to 8 points per pair.
#include "peer_scenes.h"

#include <ode/ode.h>

#include <stdlib.h>

static const char* const s_settings[] = { "QuickStep 20 it (default)", "QuickStep 100 it" };
static const int s_iterations[] = { 20, 100 };

enum
{
	peerOdeMaxContacts = 8
};

typedef struct PeerOde
{
	dWorldID world;
	dSpaceID space;
	dJointGroupID contacts;
	dBodyID* bodies;
	bool collisions;
} PeerOde;

static void peerOdeNear( void* data, dGeomID g1, dGeomID g2 )
{
	PeerOde* o = data;
	dBodyID b1 = dGeomGetBody( g1 ), b2 = dGeomGetBody( g2 );
	if ( b1 == NULL && b2 == NULL )
	{
		return;
	}
	dContact contact[peerOdeMaxContacts];
	int n = dCollide( g1, g2, peerOdeMaxContacts, &contact[0].geom, (int)sizeof( dContact ) );
	for ( int i = 0; i < n; ++i )
	{
		contact[i].surface.mode = dContactApprox1;
		contact[i].surface.mu = PEER_FRICTION;
		contact[i].surface.bounce = 0;
		dJointID joint = dJointCreateContact( o->world, o->contacts, contact + i );
		dJointAttach( joint, b1, b2 );
	}
}

static void peerOdeDestroy( void* sim )
{
	PeerOde* o = sim;
	dJointGroupDestroy( o->contacts );
	dSpaceDestroy( o->space );
	dWorldDestroy( o->world );
	free( o->bodies );
	free( o );
	dCloseODE();
}

static dGeomID peerOdeGeom( dSpaceID space, const PeerBody* b )
{
	switch ( b->shape )
	{
		case PeerShape_box:
			return dCreateBox( space, 2 * b->halfExtents[0], 2 * b->halfExtents[1], 2 * b->halfExtents[2] );
		case PeerShape_sphere:
			return dCreateSphere( space, b->radius );
		default:
			// Only joint scenes have capsules, and those have no collisions: no geom is needed.
			return NULL;
	}
}

static void* peerOdeCreate( const PeerScene* scene, int setting, char* why, int whySize )
{
	(void)why;
	(void)whySize;
	// Paired with dCloseODE in destroy; ODE counts the initialisations.
	dInitODE2( 0 );
	PeerOde* o = calloc( 1, sizeof( PeerOde ) );
	o->bodies = calloc( (size_t)scene->bodyCount, sizeof( dBodyID ) );
	o->world = dWorldCreate();
	o->space = dHashSpaceCreate( 0 );
	o->contacts = dJointGroupCreate( 0 );
	o->collisions = scene->collisions;
	dWorldSetGravity( o->world, 0, -PEER_GRAVITY, 0 );
	dWorldSetQuickStepNumIterations( o->world, s_iterations[setting] );
	dWorldSetAutoDisableFlag( o->world, 0 );
	for ( int i = 0; i < scene->staticCount; ++i )
	{
		const PeerStatic* s = scene->statics + i;
		dGeomID geom = dCreateBox( o->space, 2 * s->halfExtents[0], 2 * s->halfExtents[1], 2 * s->halfExtents[2] );
		dGeomSetPosition( geom, s->position[0], s->position[1], s->position[2] );
	}
	for ( int i = 0; i < scene->bodyCount; ++i )
	{
		const PeerBody* b = scene->bodies + i;
		dBodyID body = dBodyCreate( o->world );
		dMass mass;
		dMassSetParameters( &mass, b->mass, 0, 0, 0, b->inertia[0], b->inertia[1], b->inertia[2], 0, 0, 0 );
		dBodySetMass( body, &mass );
		dBodySetPosition( body, b->position[0], b->position[1], b->position[2] );
		if ( scene->collisions )
		{
			dGeomID geom = peerOdeGeom( o->space, b );
			if ( geom != NULL )
			{
				dGeomSetBody( geom, body );
			}
		}
		o->bodies[i] = body;
	}
	for ( int i = 0; i < scene->jointCount; ++i )
	{
		const PeerJoint* j = scene->joints + i;
		dJointID joint = dJointCreateBall( o->world, 0 );
		// ODE wants the world as the second body when one side is fixed.
		if ( j->a < 0 )
		{
			dJointAttach( joint, o->bodies[j->b], 0 );
		}
		else
		{
			dJointAttach( joint, o->bodies[j->a], o->bodies[j->b] );
		}
		dJointSetBallAnchor( joint, j->anchor[0], j->anchor[1], j->anchor[2] );
	}
	return o;
}

static bool peerOdeStep( void* sim )
{
	PeerOde* o = sim;
	if ( o->collisions )
	{
		dSpaceCollide( o->space, o, peerOdeNear );
	}
	int ok = dWorldQuickStep( o->world, PEER_TIME_STEP );
	dJointGroupEmpty( o->contacts );
	return ok != 0;
}

static void peerOdeState( void* sim, int body, PeerBodyState* out )
{
	PeerOde* o = sim;
	const dReal* p = dBodyGetPosition( o->bodies[body] );
	const dReal* q = dBodyGetQuaternion( o->bodies[body] );
	const dReal* v = dBodyGetLinearVel( o->bodies[body] );
	*out = ( PeerBodyState ){ { p[0], p[1], p[2] }, { q[0], q[1], q[2], q[3] }, { v[0], v[1], v[2] } };
}

const PeerEngine peerOde = { "ODE 0.16.2",   2,   s_settings, peerOdeCreate, peerOdeStep, peerOdeState,
                             peerOdeDestroy, NULL };
