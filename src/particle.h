// SPDX-License-Identifier: MIT
// Internal particle records: the particles, their constraints and the contacts of the substep.
// The whole set hangs off the world (world->particles) and exists only once a particle was made,
// so that worlds without particles step exactly as before.
#pragma once

#include "body.h"
#include "pool.h"
#include "shape.h"
#include "step.h"

#include "tether/particles.h"

typedef struct ttParticle
{
	ttVec3 x; ///< position now (predicted inside the substep)
	/// x minus its value at the substep's start, summed from the substep's moves themselves (ttParticle_Move): far from
	/// the origin in float the difference of the two positions would lose the small motion to rounding, and the
	/// velocity is this over h (the bodies keep `delta` for the same reason).
	ttVec3 move;
	ttVec3 v;
	ttReal invMass; ///< 0: fixed
	ttReal radius;
	ttReal staticFriction, dynamicFriction;
	ttReal gravityScale;
	ttReal damping;
	int group;
	bool collide;
	void* userData;
	int firstCandidate, candidateCount; ///< shapes near the particle this step (ttParticleSet.candidates)
} ttParticle;

typedef struct ttParticleConstraint
{
	ttParticleConstraintType type;
	int p[4];     ///< particle indices (count by type; shape matching: in `cluster`)
	int body;     ///< attachment: body index
	ttVec3 local; ///< attachment: point in the user's body frame
	ttReal rest;  ///< rest length, angle, volume or area
	ttReal compliance;
	ttReal lambda;    ///< accumulated over the substep's iterations (shape matching: sum of |lambda_i|)
	ttVec3 impulse;   ///< attachment: positional impulse on the body in this substep (lambda n)
	ttVec3 bodyForce; ///< attachment: force on the body in the last substep, impulse / h^2
	// Shape matching: the particles, their rest offsets from the rest centre of mass, and the
	// rotation of the last fit (the warm start of the polar decomposition).
	int* cluster;
	ttVec3* restOffsets;
	ttReal* lambdas;
	int clusterCount;
	ttQuat rotation;
} ttParticleConstraint;

/// A contact of a particle found at the start of the substep: with a shape (body >= 0: point on
/// the body in its principal frame; the normal points out of the shape) or with another particle.
typedef struct ttParticleContact
{
	int particle;
	int other;     ///< the other particle, -1 for a shape contact
	int body;      ///< body index of the shape, -1 for a particle pair
	ttVec3 local;  ///< shape contact: surface point in the body's principal frame
	ttVec3 normal; ///< world, from the shape (or from `other`) toward `particle`
	ttReal offset; ///< required separation along the normal (radius, or the sum of radii)
	ttReal staticFriction, dynamicFriction;
	ttReal lambdaN; ///< normal multiplier of this substep (>= 0)
} ttParticleContact;

typedef struct ttParticleSet
{
	ttPool particles;   ///< of ttParticle
	ttPool constraints; ///< of ttParticleConstraint
	int nextGroup;      ///< builders' fresh groups count down from -1 (user groups are >= 0 or any)
	int* candidates;    ///< shape indices near each particle this step
	int candidateCount, candidateCapacity;
	ttParticleContact* contacts;
	int contactCount, contactCapacity;
	/// Positions and velocities before the step (particle_guard.c).
	struct ttSavedParticle* saved;
	int savedCapacity;
	/// Sleeping bodies a moving particle touched this step, woken at its end (island.c).
	int* wake;
	int wakeCount, wakeCapacity;
	// Spatial hash of the substep (particle_collide.c).
	int* cellStart;
	struct ttHashEntry* cellEntries;
	int cellCapacity, entryCapacity;
} ttParticleSet;

/// The world's set, created on first use; NULL when memory runs out (with a message).
ttParticleSet* ttParticles_Get( ttWorld* world );
void ttParticles_Destroy( ttWorld* world );
/// A body is about to be destroyed: drop the attachments to it (world.c / body.c).
void ttParticles_ForgetBody( ttWorld* world, int bodyIndex );
/// Shapes are about to be destroyed or moved between steps: the candidate lists are dropped.
void ttParticles_ForgetShapes( ttWorld* world );

/// Move a particle by `scale` times `direction` (every position change of the substep goes here).
static inline void ttParticle_Move( ttParticle* p, ttReal scale, ttVec3 direction )
{
	p->x = ttMulAdd( p->x, scale, direction );
	p->move = ttMulAdd( p->move, scale, direction );
}

static inline ttParticle* ttParticleSet_Particle( ttParticleSet* set, int index )
{
	return (ttParticle*)ttPool_Get( &set->particles, index );
}

static inline ttParticleConstraint* ttParticleSet_Constraint( ttParticleSet* set, int index )
{
	return (ttParticleConstraint*)ttPool_Get( &set->constraints, index );
}

/// The def is valid (a message naming `function` otherwise).
bool ttParticleDef_Check( const char* function, const ttParticleDef* def );
/// Remove a constraint and free what it owns.
void ttParticleSet_RemoveConstraint( ttParticleSet* set, int index );
ttParticleId ttMakeParticleId( const ttWorld* world, int index );
ttParticleConstraintId ttMakeParticleConstraintId( const ttWorld* world, int index );
/// The particle of an id in a world that is not stepping; NULL with a message naming the caller.
ttParticle* ttResolveParticle( const char* function, ttParticleId id, ttWorld** world );
/// The constraint of an id in a world that is not stepping; NULL with a message naming the caller.
ttParticleConstraint* ttResolveParticleConstraint( const char* function, ttParticleConstraintId id, ttWorld** world );
/// Index of a live particle of this world, -1 (with a message) otherwise.
int ttParticleIndexIn( const char* function, ttWorld* world, ttParticleId id, const char* name );

// The step's phases (particle_step.c); each does nothing for a world without particles.
/// After the bodies' broadphase: the shapes near each particle over the step.
void ttParticles_BeginStep( ttStepContext* ctx );
/// After the bodies' positions are integrated: predict positions, find contacts.
void ttParticles_BeginSubstep( ttStepContext* ctx );
/// One iteration: contacts, then constraints.
void ttParticles_SolvePositions( ttStepContext* ctx );
/// After the bodies derive their velocities: v = move / h, dynamic friction.
void ttParticles_EndSubstep( ttStepContext* ctx );
/// After the islands: wake the sleeping bodies that moving particles ran into.
void ttParticles_EndStep( ttStepContext* ctx );

// The step guard's particle half (particle_guard.c).
/// Save every particle's state; false (a message logged) when memory runs out.
bool ttParticleGuard_Save( ttWorld* world );
/// How many particles are non-finite after the step (the first few named in the log).
int ttParticleGuard_Check( ttWorld* world );
/// Put the saved states back.
void ttParticleGuard_Restore( ttWorld* world );

// Constraint projections (particle_constraints.c).
void ttParticleConstraint_Solve( ttWorld* world, ttParticleSet* set, ttParticleConstraint* c, ttReal h );
void ttParticleConstraint_Reset( ttParticleConstraint* c );
/// Dihedral angle of the triangles (p0, p1, p2) and (p1, p0, p3) about the edge p0 -> p1, in
/// (-pi, pi], and its gradients (Bridson, Marino and Fedkiw 2003, "bending modes"). False when a
/// triangle is degenerate.
bool ttDihedralAngle( const ttVec3 x[4], ttReal* angle, ttVec3 g[4] );
/// Signed volume of the tetrahedron and its gradients (g may be NULL).
ttReal ttTetrahedronVolume( const ttVec3 x[4], ttVec3 g[4] );
/// Whether the tetrahedron is flatter than 1e-6 of its longest edge cubed; its signed volume.
bool ttIsDegenerateTetrahedron( const ttVec3 x[4], ttReal* volume );
/// Area of the triangle and its gradients (NULL: none; none either when degenerate).
ttReal ttTriangleArea( const ttVec3 x[3], ttVec3 g[3] );
/// A body that particles may move: dynamic and awake (sleeping bodies act as static ones).
ttBody* ttParticles_MovableBody( ttWorld* world, int bodyIndex );
/// Move a body by the positional impulse p at world offset r (paper eqs. 6-9, the body side).
void ttParticles_PushBody( ttBody* body, ttVec3 r, ttVec3 p );

// Contact geometry (particle_collide.c).
/// Signed distance from the sphere (center, radius) to the shape at xf: fills the normal (out of
/// the shape) and the surface point; false when farther than `margin`.
bool ttParticle_ShapeContact( const ttShape* shape, ttTransform xf, ttVec3 center, ttReal radius, ttReal margin,
                              ttVec3* normal, ttVec3* surfacePoint );
/// Particle pairs closer than the sum of radii plus margin, through a spatial hash.
void ttParticles_FindPairs( ttParticleSet* set, ttReal margin );
