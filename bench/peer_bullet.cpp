// SPDX-License-Identifier: MIT
// Bullet 3.24 (Debian's libbullet-dev, single precision) side of the peer benchmark. Settings:
// the sequential impulse solver at its default 10 iterations and at 50 (BENCHMARKS.md).
// Otherwise Bullet's defaults: btDbvtBroadphase, default collision margins, split impulse as
// configured. Bullet multiplies the two bodies' friction coefficients, so every body and the
// ground get sqrt(0.6): the pair then uses 0.6 like every other engine. Sleeping is off.
#include "peer_scenes.h"

#include <btBulletDynamicsCommon.h>

#include <cmath>
#include <memory>
#include <vector>

namespace
{

const char* const s_settings[] = { "10 it (default)", "50 it" };
const int s_iterations[] = { 10, 50 };

struct PeerBullet
{
	btDefaultCollisionConfiguration configuration;
	btCollisionDispatcher dispatcher{ &configuration };
	btDbvtBroadphase broadphase;
	btSequentialImpulseConstraintSolver solver;
	btDiscreteDynamicsWorld world{ &dispatcher, &broadphase, &solver, &configuration };
	std::vector<std::unique_ptr<btCollisionShape>> shapes;
	std::vector<std::unique_ptr<btDefaultMotionState>> motions;
	std::vector<std::unique_ptr<btRigidBody>> statics, bodies;
	std::vector<std::unique_ptr<btTypedConstraint>> joints;

	~PeerBullet()
	{
		// The world refers to everything below: take it all out before the members go.
		for ( auto& joint : joints )
		{
			world.removeConstraint( joint.get() );
		}
		for ( auto& body : bodies )
		{
			world.removeRigidBody( body.get() );
		}
		for ( auto& body : statics )
		{
			world.removeRigidBody( body.get() );
		}
	}
};

btVector3 peerVec( const double v[3] )
{
	return btVector3( btScalar( v[0] ), btScalar( v[1] ), btScalar( v[2] ) );
}

btCollisionShape* peerShape( const PeerBody& b )
{
	switch ( b.shape )
	{
		case PeerShape_box:
			return new btBoxShape( peerVec( b.halfExtents ) );
		case PeerShape_sphere:
			return new btSphereShape( btScalar( b.radius ) );
		default:
			// btCapsuleShape runs along y; btCapsuleShapeX along x. Height is the segment length.
			if ( b.axis == 0 )
			{
				return new btCapsuleShapeX( btScalar( b.radius ), btScalar( 2 * b.halfLength ) );
			}
			return new btCapsuleShape( btScalar( b.radius ), btScalar( 2 * b.halfLength ) );
	}
}

btRigidBody* peerAdd( PeerBullet* sim, btCollisionShape* shape, const double position[3], double mass,
                      btVector3 inertia, bool collide )
{
	sim->shapes.emplace_back( shape );
	btTransform pose;
	pose.setIdentity();
	pose.setOrigin( peerVec( position ) );
	sim->motions.emplace_back( new btDefaultMotionState( pose ) );
	btRigidBody::btRigidBodyConstructionInfo info( btScalar( mass ), sim->motions.back().get(), shape, inertia );
	info.m_friction = btScalar( std::sqrt( PEER_FRICTION ) );
	info.m_restitution = 0;
	auto* body = new btRigidBody( info );
	body->setActivationState( DISABLE_DEACTIVATION );
	// A joint-only scene has no collisions: an empty mask keeps the body out of every pair.
	int group = collide ? int( btBroadphaseProxy::DefaultFilter ) : 0;
	int mask = collide ? int( btBroadphaseProxy::AllFilter ) : 0;
	if ( mass == 0 )
	{
		group = collide ? int( btBroadphaseProxy::StaticFilter ) : 0;
		mask = collide ? int( btBroadphaseProxy::AllFilter ^ btBroadphaseProxy::StaticFilter ) : 0;
	}
	sim->world.addRigidBody( body, group, mask );
	return body;
}

void* peerBulletCreate( const PeerScene* scene, int setting, char*, int )
{
	auto* sim = new PeerBullet;
	sim->world.setGravity( btVector3( 0, btScalar( -PEER_GRAVITY ), 0 ) );
	sim->world.getSolverInfo().m_numIterations = s_iterations[setting];
	for ( int i = 0; i < scene->staticCount; ++i )
	{
		const PeerStatic& s = scene->statics[i];
		btRigidBody* body = peerAdd( sim, new btBoxShape( peerVec( s.halfExtents ) ), s.position, 0,
		                             btVector3( 0, 0, 0 ), scene->collisions );
		sim->statics.emplace_back( body );
	}
	for ( int i = 0; i < scene->bodyCount; ++i )
	{
		const PeerBody& b = scene->bodies[i];
		btRigidBody* body = peerAdd( sim, peerShape( b ), b.position, b.mass, peerVec( b.inertia ), scene->collisions );
		sim->bodies.emplace_back( body );
	}
	for ( int i = 0; i < scene->jointCount; ++i )
	{
		const PeerJoint& j = scene->joints[i];
		btVector3 anchor = peerVec( j.anchor );
		btRigidBody* b = sim->bodies[size_t( j.b )].get();
		btVector3 pivotB = anchor - b->getCenterOfMassPosition();
		btTypedConstraint* joint;
		if ( j.a < 0 )
		{
			joint = new btPoint2PointConstraint( *b, pivotB );
		}
		else
		{
			btRigidBody* a = sim->bodies[size_t( j.a )].get();
			joint = new btPoint2PointConstraint( *a, *b, anchor - a->getCenterOfMassPosition(), pivotB );
		}
		sim->joints.emplace_back( joint );
		sim->world.addConstraint( joint, true );
	}
	return sim;
}

bool peerBulletStep( void* data )
{
	auto* sim = static_cast<PeerBullet*>( data );
	// One fixed step of exactly 1/60 s (no interpolation, no accumulated remainder).
	return sim->world.stepSimulation( btScalar( PEER_TIME_STEP ), 1, btScalar( PEER_TIME_STEP ) ) == 1;
}

void peerBulletState( void* data, int index, PeerBodyState* out )
{
	auto* sim = static_cast<PeerBullet*>( data );
	const btRigidBody* body = sim->bodies[size_t( index )].get();
	const btVector3& p = body->getCenterOfMassPosition();
	btQuaternion q = body->getOrientation();
	const btVector3& v = body->getLinearVelocity();
	*out = PeerBodyState{ { p.x(), p.y(), p.z() }, { q.w(), q.x(), q.y(), q.z() }, { v.x(), v.y(), v.z() } };
}

void peerBulletDestroy( void* data )
{
	delete static_cast<PeerBullet*>( data );
}

} // namespace

extern "C" const PeerEngine peerBullet = {
    "Bullet 3.24", 2, s_settings, peerBulletCreate, peerBulletStep, peerBulletState, peerBulletDestroy, NULL };
