// SPDX-License-Identifier: MIT
// The soft-step contact family's rows (contact_solver_soft.c), shared with the coloured wide solve
// (contact_solver_wide.c), which solves most manifolds 4 at a time and hands the rest back here.
#pragma once

#include "body.h"
#include "contact.h"

typedef struct ttWorld ttWorld;

// Spring-damper coefficients of a soft constraint for a substep h (Catto, "Soft Step", 2024):
// the bias velocity is biasRate * C, and the solved impulse is scaled by massScale and reduced by
// impulseScale times the accumulated impulse, which makes the constraint behave like an implicit
// spring of frequency `hertz` and damping ratio `zeta`.
typedef struct ttSoftness
{
	ttReal biasRate, massScale, impulseScale;
} ttSoftness;

// One contact point prepared for the step: the Jacobian's angular parts for the offsets from the
// centres of mass to the contact point at the step's start, premultiplied by the inverse inertia
// so that applying an impulse costs a few multiply-adds, and the point's impulses, kept here
// through the step so that the solve reads one flat array and never the manifold (they are
// written back to the manifold's point after each substep, for the readouts and the next step's
// warm start).
typedef struct ttSoftPoint
{
	ttContactPoint* cp;
	/// The points of A and B whose motion the separation follows, in the principal frames: the
	/// contact points, or for a round shape the nearest point of its core (ttFollowedAnchor).
	ttVec3 followA, followB;
	/// followA and followB at the step's start from the centres of mass, in world axes.
	ttVec3 followOffsetA, followOffsetB;
	/// Separation minus (cB + R_B followB - cA - R_A followA) . n at the step's start: the
	/// separation later is this plus the same product then (Box2D v3's adjusted separation).
	ttReal adjustedSeparation;
	ttReal separation; ///< at the start of the substep
	ttReal normalImpulse;
	ttReal tangentImpulse[2]; ///< along the manifold's t1 and t2
	ttReal maxNormalImpulse;  ///< the largest increment of this substep (restitution test)
	ttReal normalVelocityBefore;
	ttVec3 angularA[3], angularB[3]; ///< I^-1 (r x d) for d = n, t1, t2
	ttVec3 crossA[3], crossB[3];     ///< r x d
	ttReal mass[3];                  ///< effective masses along n, t1, t2
} ttSoftPoint;

typedef struct ttSoftManifold
{
	ttBody* bodyA;
	ttBody* bodyB;
	ttVec3 normal, t1, t2; ///< fixed for the step
	ttReal staticFriction, dynamicFriction, restitution;
	ttSoftness softness;
	int first, count; ///< range in world->softPoints
	/// The bodies' indices in the world, -1 for a body that impulses do not move (static or
	/// kinematic): the colouring of the wide solve keeps two manifolds of one colour apart only
	/// where they share a body that moves.
	int movingA, movingB;
	/// Where the wide solve holds this manifold: block * TT_WIDE_LANES + lane, or -1 when it is
	/// solved scalar here (the overflow, or the wide solve off).
	int wideSlot;
} ttSoftManifold;

// The normals of one manifold are swept until they agree (at most TT_SOFT_NORMAL_SWEEPS times,
// until a sweep changes the impulses by less than a thousandth of their sum): one sweep leaves
// the points of a face contact sharing the load in the order they were solved, and a tower of 20
// boxes at 4 substeps rocked until it fell (1.3 m displacement, 13 boxes moving; with the sweeps
// 8 cm and none).
#define TT_SOFT_NORMAL_SWEEPS 4

/// Warm start one manifold with its points' impulses (scalar).
void ttSoftContacts_WarmStartManifold( ttSoftManifold* sm, ttSoftPoint* points );
/// Friction, then the normal sweeps, of one manifold (scalar): the soft-biased solve when useBias,
/// else the relax at the moved positions.
void ttSoftContacts_SolveManifold( const ttWorld* world, ttSoftManifold* sm, ttSoftPoint* points, ttReal h,
                                   bool useBias );
