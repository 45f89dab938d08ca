// SPDX-License-Identifier: MIT
// Soft-step contact solver: contacts at the velocity level inside the XPBD substep loop, as
// Box2D v3 settled on after comparing solvers (Catto, "Solver2D", 2024) and as the design's hybrid
// solver asks for: XPBD joints, soft-step contacts.
//
// Once per step, in the first substep, after the narrow phase (contact.c, which runs only there
// for this family):
//   prepare   anchors, normal, tangents and effective masses at the poses the step starts from
//             (impulses carried over from the matching points of the last step). The Jacobian
//             stays that of the step's start, as in Box2D v3 and Box3D;
// per substep, after the velocities are integrated and before the positions are:
//   follow    each point's separation now, from anchors fixed to the bodies (Box2D v3's adjusted
//             separation), so that the substeps follow the bodies without another narrow phase,
//             and its normal velocity now (restitution), before the velocity-level joints'
//             biased pass;
// (a step whose contacts turn too fast to follow collides and prepares in every substep instead,
// ttSoftContacts_TurnWithinStep);
//   warm start apply the impulses of the last substep;
//   solve     with a soft bias: separation s < 0 is pushed out at the rate of a damped spring
//             (stiffness contactHertz, damping ratio contactDampingRatio, "soft constraint" of
//             the velocity-space constraints article), s > 0 lets the bodies close the gap within
//             the substep but no further (speculative contact);
// then, after the positions are integrated, joints projected and velocities derived:
//   relax     the same without the bias, so that the push-out does not stay in the velocities;
//   restitution for points that approached faster than the threshold.
// Friction is Coulomb's with a circular cone: a point sticks while its accumulated tangential
// impulse stays within mu_s times the normal impulse, and otherwise slides with mu_d.
#include "contact_solver_soft.h"
#include "constraint.h"
#include "contact_solver.h"
#include "contact_solver_wide.h"
#include "core.h"
#include "integrate.h"
#include "mesh.h"
#include "world.h"

static ttSoftness ttMakeSoftness( ttReal hertz, ttReal zeta, ttReal h )
{
	if ( hertz <= 0 )
	{
		return ( ttSoftness ){ 0, 1, 0 };
	}
	ttReal omega = 2 * TT_PI * hertz;
	ttReal a1 = 2 * zeta + h * omega;
	ttReal a2 = h * omega * a1;
	ttReal a3 = 1 / ( 1 + a2 );
	return ( ttSoftness ){ omega / a1, a2 * a3, a3 };
}

static bool ttReserveSoftData( ttWorld* world, int manifolds, int points )
{
	if ( manifolds > world->softManifoldCapacity )
	{
		int capacity = manifolds + manifolds / 2 + 16;
		void* grown = ttGrow( world->softManifolds, sizeof( ttSoftManifold ) * (size_t)world->softManifoldCapacity,
		                      sizeof( ttSoftManifold ) * (size_t)capacity );
		if ( grown == NULL )
		{
			return false;
		}
		world->softManifolds = grown;
		world->softManifoldCapacity = capacity;
	}
	if ( points > world->softPointCapacity )
	{
		int capacity = points + points / 2 + 64;
		void* grown = ttGrow( world->softPoints, sizeof( ttSoftPoint ) * (size_t)world->softPointCapacity,
		                      sizeof( ttSoftPoint ) * (size_t)capacity );
		if ( grown == NULL )
		{
			return false;
		}
		world->softPoints = grown;
		world->softPointCapacity = capacity;
	}
	return true;
}

// What an impulse along each row does to the angular velocities, and the rows' effective masses,
// with the bodies' inverse inertia as cached now (body->invInertiaWorld).
static void ttUpdatePointMasses( ttSoftPoint* sp, const ttBody* bodyA, const ttBody* bodyB )
{
	ttReal invMass = bodyA->invMass + bodyB->invMass;
	for ( int k = 0; k < 3; ++k )
	{
		sp->angularA[k] = ttMat3MulVec( bodyA->invInertiaWorld, sp->crossA[k] );
		sp->angularB[k] = ttMat3MulVec( bodyB->invInertiaWorld, sp->crossB[k] );
		ttReal k11 = invMass + ttDot( sp->crossA[k], sp->angularA[k] ) + ttDot( sp->crossB[k], sp->angularB[k] );
		sp->mass[k] = k11 > 0 ? 1 / k11 : 0;
	}
}

// The point whose motion a contact on `shape` at `anchor` (principal frame) follows through the
// step. A round shape turning about its core keeps its contact where it is, on the line of the
// normal through the core, so the core's nearest point is followed instead of the material point
// (which a rolling or spinning shape carries away): turning the contact points with the bodies
// let 1 cm balls skidding at 70 m/s (230 rad per step) sink 2 mm into a plate
// (tests/test_tunnelling.c), where it should stay under 1 mm.
static bool ttFollowsCore( const ttShape* shape )
{
	return shape->type == ttShape_sphere || shape->type == ttShape_capsule || shape->type == ttShape_cylinder;
}

static ttVec3 ttFollowedAnchor( const ttShape* shape, ttVec3 anchor )
{
	ttTransform xf = shape->simTransform;
	if ( ttFollowsCore( shape ) == false )
	{
		return anchor;
	}
	ttVec3 p = ttInvTransformPoint( xf, anchor );
	switch ( shape->type )
	{
		case ttShape_sphere:
			return xf.p;
		case ttShape_capsule:
		{
			ttVec3 axis = ttSub( shape->capsule.center2, shape->capsule.center1 );
			ttReal length2 = ttDot( axis, axis );
			ttReal t = length2 > 0 ? ttDot( ttSub( p, shape->capsule.center1 ), axis ) / length2 : 0;
			t = ttMinReal( ttMaxReal( t, 0 ), 1 );
			return ttTransformPoint( xf, ttMulAdd( shape->capsule.center1, t, axis ) );
		}
		case ttShape_cylinder:
		{
			ttReal y = ttMinReal( ttMaxReal( p.y, -shape->cylinder.halfHeight ), shape->cylinder.halfHeight );
			return ttTransformPoint( xf, ( ttVec3 ){ 0, y, 0 } );
		}
		default:
			return anchor;
	}
}

// Separation of a point now from the followed anchors (plus the adjusted separation).
static ttReal ttFollowedSeparation( const ttSoftPoint* sp, const ttBody* bodyA, const ttBody* bodyB, ttVec3 n )
{
	ttVec3 d = ttAdd( ttBody_RelativeCenter( bodyA, bodyB ),
	                  ttSub( ttRotate( bodyB->q, sp->followB ), ttRotate( bodyA->q, sp->followA ) ) );
	return sp->adjustedSeparation + ttDot( d, n );
}

static void ttPreparePoint( ttSoftPoint* sp, const ttShape* shapeA, const ttShape* shapeB, const ttBody* bodyA,
                            const ttBody* bodyB, ttVec3 n, ttVec3 t1, ttVec3 t2 )
{
	const ttContactPoint* cp = sp->cp;
	// The carried friction impulse is a world vector: keep its part in this tangent plane.
	sp->normalImpulse = cp->normalImpulse;
	sp->normalVelocityBefore = 0; // measured each substep where restitution needs it
	sp->tangentImpulse[0] = ttDot( cp->tangentImpulse, t1 );
	sp->tangentImpulse[1] = ttDot( cp->tangentImpulse, t2 );
	ttVec3 anchorA = ttRotate( bodyA->q, cp->localAnchorA );
	ttVec3 anchorB = ttRotate( bodyB->q, cp->localAnchorB );
	// Both bodies act at the middle of the two surface points, so that the impulse is equal and
	// opposite at one point and adds no spurious torque.
	ttVec3 relative = ttAdd( ttBody_RelativeCenter( bodyA, bodyB ), ttSub( anchorB, anchorA ) );
	ttVec3 rA = ttMulAdd( anchorA, (ttReal)0.5, relative );
	ttVec3 rB = ttMulAdd( anchorB, (ttReal)-0.5, relative );
	sp->separation = ttDot( relative, n );
	sp->followA = ttFollowedAnchor( shapeA, cp->localAnchorA );
	sp->followB = ttFollowedAnchor( shapeB, cp->localAnchorB );
	// The followed anchors from the centres, in world axes now (the wide blocks follow the
	// separation from these). Where both are the contact points, they are the anchors above, and
	// the adjusted separation is zero: the same sums of the same terms.
	sp->followOffsetA = ttFollowsCore( shapeA ) ? ttRotate( bodyA->q, sp->followA ) : anchorA;
	sp->followOffsetB = ttFollowsCore( shapeB ) ? ttRotate( bodyB->q, sp->followB ) : anchorB;
	sp->adjustedSeparation = 0;
	if ( ttFollowsCore( shapeA ) || ttFollowsCore( shapeB ) )
	{
		ttVec3 followed = ttAdd( ttBody_RelativeCenter( bodyA, bodyB ), ttSub( sp->followOffsetB, sp->followOffsetA ) );
		sp->adjustedSeparation = sp->separation - ttDot( followed, n );
	}
	ttVec3 directions[3] = { n, t1, t2 };
	for ( int k = 0; k < 3; ++k )
	{
		sp->crossA[k] = ttCross( rA, directions[k] );
		sp->crossB[k] = ttCross( rB, directions[k] );
	}
	// The angular parts and effective masses follow once the manifold is known to be solved wide
	// or here (ttSoftContacts_UpdateMasses).
}

static void ttPropagateRestitution( ttWorld* world, ttReal h, bool moved );
static void ttSoftContacts_UpdateMasses( ttWorld* world, bool prepared );
static bool ttSoftContacts_TurnWithinStep( ttWorld* world, ttReal dt );

// Manifolds per range of the loops that run on the world's workers (task.h): preparing one costs
// about a microsecond per point.
#define TT_MANIFOLDS_PER_RANGE 64
// Bodies per range of the inertia refresh: a 3x3 product each, as cheap as step.c's body loops.
#define TT_BODIES_PER_RANGE 64

typedef struct ttSoftPrepareLoop
{
	ttWorld* world;
	ttSoftness dynamicSoftness, staticSoftness;
} ttSoftPrepareLoop;

// What the colouring needs of each manifold (its bodies, point count), and the rest of its frame.
static void ttPrepareManifoldsRange( int start, int end, int worker, void* context )
{
	(void)worker;
	const ttSoftPrepareLoop* loop = context;
	ttWorld* world = loop->world;
	for ( int i = start; i < end; ++i )
	{
		const ttManifold* m = world->manifolds + i;
		ttSoftManifold* sm = world->softManifolds + i;
		sm->bodyA = ttWorld_Body( world, m->bodyA );
		sm->bodyB = ttWorld_Body( world, m->bodyB );
		sm->softness =
		    sm->bodyA->invMass == 0 || sm->bodyB->invMass == 0 ? loop->staticSoftness : loop->dynamicSoftness;
		sm->movingA = sm->bodyA->type == ttBody_dynamic ? m->bodyA : -1;
		sm->movingB = sm->bodyB->type == ttBody_dynamic ? m->bodyB : -1;
		sm->wideSlot = -1;
		sm->normal = m->normal;
		sm->t1 = ttPerpendicular( m->normal );
		sm->t2 = ttCross( m->normal, sm->t1 );
		sm->staticFriction = m->staticFriction;
		sm->dynamicFriction = m->dynamicFriction;
		sm->restitution = m->restitution;
	}
}

// Each manifold's points, then, for a coloured one, its lane of its block filled from them while
// they are in the cache (filled in a pass of their own, the rows were read back from memory: a
// quarter of the build's time).
static void ttPreparePointsRange( int start, int end, int worker, void* context )
{
	(void)worker;
	ttWorld* world = context;
	for ( int i = start; i < end; ++i )
	{
		ttManifold* m = world->manifolds + i;
		const ttSoftManifold* sm = world->softManifolds + i;
		const ttShape* shapeA = ttWorld_Shape( world, m->shapeA );
		const ttShape* shapeB = ttWorld_Shape( world, m->shapeB );
		for ( int j = 0; j < sm->count; ++j )
		{
			ttSoftPoint* sp = world->softPoints + sm->first + j;
			sp->cp = m->points + j;
			ttPreparePoint( sp, shapeA, shapeB, sm->bodyA, sm->bodyB, sm->normal, sm->t1, sm->t2 );
		}
		if ( sm->wideSlot >= 0 )
		{
			ttWideContacts_FillManifold( world, i );
		}
	}
}

// Once per step, after the narrow phase: the soft rows of every manifold, and the colours and
// blocks of the wide solve (ttWideContacts_Build, between the manifolds and their points).
static void ttSoftContacts_Prepare( ttWorld* world, ttReal h )
{
	int pointTotal = 0;
	for ( int i = 0; i < world->manifoldCount; ++i )
	{
		pointTotal += world->manifolds[i].pointCount;
	}
	world->softManifoldCount = 0;
	if ( ttReserveSoftData( world, world->manifoldCount, pointTotal ) == false )
	{
		ttReportError( "ttWorld_Step", "out of memory: contacts skipped this substep" );
		ttWideContacts_Build( world );
		return;
	}
	// Contacts may not be stiffer than 0.15 times the substep rate, and contacts with a static body
	// are twice as stiff as between moving ones (the static side cannot give), as in Box2D. Box2D
	// caps at a quarter of the substep rate; measured on the 210-box pyramid, 0.25 leaves boxes
	// rocking (57 moving at 4 substeps and 60 Hz, 2 cm/s jitter at 20 substeps and 240 Hz) while
	// 0.15 holds it at 4, 8, 12 and 20 substeps (2 cm, 4.9 mm, 2.2 mm, 0.8 mm).
	ttReal hertz = ttMinReal( world->contactHertz, (ttReal)0.15 / h );
	ttSoftness dynamicSoftness = ttMakeSoftness( hertz, world->contactDampingRatio, h );
	ttSoftness staticSoftness = ttMakeSoftness( 2 * hertz, world->contactDampingRatio, h );
	// The points' places in the flat array first (serial and cheap), then every manifold's rows on
	// the workers: a manifold writes only its own rows.
	int pointCount = 0;
	for ( int i = 0; i < world->manifoldCount; ++i )
	{
		ttSoftManifold* sm = world->softManifolds + i;
		sm->first = pointCount;
		sm->count = world->manifolds[i].pointCount;
		pointCount += sm->count;
	}
	world->softManifoldCount = world->manifoldCount;
	ttSoftPrepareLoop loop = { world, dynamicSoftness, staticSoftness };
	ttParallelFor( &world->tasks, world->manifoldCount, TT_MANIFOLDS_PER_RANGE, ttPrepareManifoldsRange, &loop );
	ttWideContacts_Build( world );
	ttParallelFor( &world->tasks, world->manifoldCount, TT_MANIFOLDS_PER_RANGE, ttPreparePointsRange, world );
}

static void ttApplyImpulse( ttBody* bodyA, ttBody* bodyB, const ttSoftPoint* sp, int k, ttVec3 direction,
                            ttReal impulse )
{
	bodyA->v = ttMulAdd( bodyA->v, -impulse * bodyA->invMass, direction );
	bodyA->w = ttMulAdd( bodyA->w, -impulse, sp->angularA[k] );
	bodyB->v = ttMulAdd( bodyB->v, impulse * bodyB->invMass, direction );
	bodyB->w = ttMulAdd( bodyB->w, impulse, sp->angularB[k] );
}

// Relative velocity of B's point with respect to A's along direction k.
static ttReal ttRelativeVelocity( const ttBody* bodyA, const ttBody* bodyB, const ttSoftPoint* sp, int k,
                                  ttVec3 direction )
{
	return ttDot( ttSub( bodyB->v, bodyA->v ), direction ) + ttDot( bodyB->w, sp->crossB[k] ) -
	       ttDot( bodyA->w, sp->crossA[k] );
}

// Every substep before the solve: where each point is now (the followed anchors turned with their
// bodies since the step's start; the normal and the Jacobian stay those of the start) and how fast
// it approaches (for the restitution). Carrying the separation on from the last substep to first
// order in the rotation instead (the relax's ttCurrentSeparation) let the pile of 1000 boxes
// spread 1.5 cm at 4 substeps, against 0.8 cm with a narrow phase every substep and 0.1 cm this
// way.
typedef struct ttBeginPointsLoop
{
	ttWorld* world;
	bool firstSubstep;
} ttBeginPointsLoop;

// A manifold writes only its own points and its own lane of its wide block.
static void ttBeginPointsRange( int start, int end, int worker, void* context )
{
	(void)worker;
	const ttBeginPointsLoop* loop = context;
	ttWorld* world = loop->world;
	bool firstSubstep = loop->firstSubstep;
	for ( int i = start; i < end; ++i )
	{
		ttSoftManifold* sm = world->softManifolds + i;
		// Only the restitution reads the approach speed, and the separation here in the real type:
		// a coloured manifold that does not bounce has its separation followed in its block
		// (ttWideContacts_BeginPoints); for one that bounces, the real type's overrides the
		// block's, so that its solve and its restitution see the same.
		bool bounces = sm->restitution != 0;
		if ( sm->wideSlot >= 0 && bounces == false )
		{
			continue;
		}
		for ( int j = 0; j < sm->count; ++j )
		{
			ttSoftPoint* sp = world->softPoints + sm->first + j;
			if ( firstSubstep == false )
			{
				sp->separation = ttFollowedSeparation( sp, sm->bodyA, sm->bodyB, sm->normal );
			}
			if ( bounces )
			{
				sp->normalVelocityBefore = ttRelativeVelocity( sm->bodyA, sm->bodyB, sp, 0, sm->normal );
			}
			if ( sm->wideSlot >= 0 )
			{
				ttWideContacts_BeginPoint( world, sm->wideSlot, j, sp->separation );
			}
			else
			{
				sp->maxNormalImpulse = 0;
			}
		}
	}
}

static void ttSoftContacts_BeginPoints( ttWorld* world, bool firstSubstep )
{
	ttWideContacts_BeginPoints( world, firstSubstep );
	ttBeginPointsLoop loop = { world, firstSubstep };
	ttParallelFor( &world->tasks, world->softManifoldCount, TT_MANIFOLDS_PER_RANGE, ttBeginPointsRange, &loop );
}

// The impulses of a point where they live during the step: in its wide block, or here.
static void ttSoftContacts_PointImpulses( const ttWorld* world, const ttSoftManifold* sm, int j, ttReal* normal,
                                          ttReal tangent[2], ttReal* maxNormal, ttReal* separation )
{
	if ( sm->wideSlot >= 0 )
	{
		ttWideContacts_PointImpulses( world, sm->wideSlot, j, normal, tangent, maxNormal, separation );
		return;
	}
	const ttSoftPoint* sp = world->softPoints + sm->first + j;
	*separation = sp->separation;
	*normal = sp->normalImpulse;
	tangent[0] = sp->tangentImpulse[0];
	tangent[1] = sp->tangentImpulse[1];
	*maxNormal = sp->maxNormalImpulse;
}

void ttSoftContacts_WarmStartManifold( ttSoftManifold* sm, ttSoftPoint* points )
{
	for ( int j = 0; j < sm->count; ++j )
	{
		ttSoftPoint* sp = points + sm->first + j;
		ttApplyImpulse( sm->bodyA, sm->bodyB, sp, 0, sm->normal, sp->normalImpulse );
		ttApplyImpulse( sm->bodyA, sm->bodyB, sp, 1, sm->t1, sp->tangentImpulse[0] );
		ttApplyImpulse( sm->bodyA, sm->bodyB, sp, 2, sm->t2, sp->tangentImpulse[1] );
	}
}

static void ttSolveFrictionPoint( ttSoftManifold* sm, ttSoftPoint* sp )
{
	ttBody* bodyA = sm->bodyA;
	ttBody* bodyB = sm->bodyB;
	ttReal f1 = sp->tangentImpulse[0];
	ttReal f2 = sp->tangentImpulse[1];
	ttReal new1 = f1 - sp->mass[1] * ttRelativeVelocity( bodyA, bodyB, sp, 1, sm->t1 );
	ttReal new2 = f2 - sp->mass[2] * ttRelativeVelocity( bodyA, bodyB, sp, 2, sm->t2 );
	ttReal magnitude = ttSqrt( new1 * new1 + new2 * new2 );
	if ( magnitude > sm->staticFriction * sp->normalImpulse )
	{
		ttReal limit = sm->dynamicFriction * sp->normalImpulse;
		if ( magnitude > limit )
		{
			ttReal scale = limit / magnitude;
			new1 *= scale;
			new2 *= scale;
		}
	}
	ttApplyImpulse( bodyA, bodyB, sp, 1, sm->t1, new1 - f1 );
	ttApplyImpulse( bodyA, bodyB, sp, 2, sm->t2, new2 - f2 );
	sp->tangentImpulse[0] = new1;
	sp->tangentImpulse[1] = new2;
}

// Separation now: the substep's start value plus the motion of the two points since, to first
// order in the rotation (the rotation of a substep is small: the error is |theta|^2 |r| / 2).
// Before the positions are integrated the motion is zero.
// The part of a manifold's motion that its points share, read from the bodies once per manifold.
typedef struct ttSoftMotion
{
	ttReal alongNormal; ///< the relative displacement of the centres along the normal
	ttVec3 rotationA, rotationB;
} ttSoftMotion;

static ttSoftMotion ttSoftMotion_Of( const ttSoftManifold* sm )
{
	const ttBody* bodyA = sm->bodyA;
	const ttBody* bodyB = sm->bodyB;
	ttVec3 displacement = ttSub( ttSub( bodyB->delta, bodyB->prevDelta ), ttSub( bodyA->delta, bodyA->prevDelta ) );
	return ( ttSoftMotion ){ ttDot( displacement, sm->normal ), bodyA->substepRotation, bodyB->substepRotation };
}

static ttReal ttMovedSeparationBy( const ttSoftMotion* motion, const ttSoftPoint* sp, ttReal separation )
{
	return separation + motion->alongNormal + ttDot( motion->rotationB, sp->crossB[0] ) -
	       ttDot( motion->rotationA, sp->crossA[0] );
}

static ttReal ttMovedSeparation( const ttSoftManifold* sm, const ttSoftPoint* sp, ttReal separation )
{
	ttSoftMotion motion = ttSoftMotion_Of( sm );
	return ttMovedSeparationBy( &motion, sp, separation );
}

static ttReal ttCurrentSeparation( const ttSoftManifold* sm, const ttSoftPoint* sp, bool moved )
{
	return moved ? ttMovedSeparation( sm, sp, sp->separation ) : sp->separation;
}

// Restitution through rows of touching bodies (issue 14). A point that will be in contact by
// the end of the substep and approaches faster than the threshold collides elastically
// (v_n -> -e v_n), before the solve and before the relax, and the sweeps repeat until no such
// point approaches: the
// impulse then crosses a row of touching balls ball by ball, as in a Newton's cradle, where the
// solve alone would move the row together (inelastic) and a restitution afterwards has only the
// first contact's approach to give back: with touching balls the cradle lost 45 % of its energy
// and the resting balls left at half the impact speed. A handled point records its new normal
// velocity as its approach, so the restitution after the solve does not bounce it twice.
#define TT_RESTITUTION_SWEEPS 32

static void ttPropagateRestitution( ttWorld* world, ttReal h, bool moved )
{
	ttReal threshold = world->restitutionThresholdScale * ttLength( world->gravity ) * h;
	for ( int sweep = 0; sweep < TT_RESTITUTION_SWEEPS; ++sweep )
	{
		bool changed = false;
		for ( int i = 0; i < world->softManifoldCount; ++i )
		{
			ttSoftManifold* sm = world->softManifolds + i;
			ttReal e = sm->restitution;
			if ( e == 0 )
			{
				continue;
			}
			ttVec3 n = sm->normal;
			for ( int j = 0; j < sm->count; ++j )
			{
				ttSoftPoint* sp = world->softPoints + sm->first + j;
				ttReal vn = ttRelativeVelocity( sm->bodyA, sm->bodyB, sp, 0, n );
				if ( vn >= -threshold || ttCurrentSeparation( sm, sp, moved ) + h * vn > 0 )
				{
					continue; // not approaching, or not touching within this substep
				}
				ttApplyImpulse( sm->bodyA, sm->bodyB, sp, 0, n, -( 1 + e ) * sp->mass[0] * vn );
				sp->normalVelocityBefore = -e * vn;
				changed = true;
			}
		}
		if ( changed == false )
		{
			break;
		}
	}
}

// Returns the change of the point's accumulated normal impulse.
static ttReal ttSolveNormalPoint( const ttWorld* world, ttSoftManifold* sm, ttSoftPoint* sp, ttReal h, bool useBias )
{
	ttVec3 n = sm->normal;
	ttReal s = ttCurrentSeparation( sm, sp, useBias == false );
	ttReal bias = 0, massScale = 1, impulseScale = 0;
	if ( s > 0 )
	{
		bias = s / h; // speculative: the gap may close within this substep, no more
	}
	else if ( useBias )
	{
		bias = ttMaxReal( sm->softness.biasRate * s, -world->maxPushoutSpeed );
		massScale = sm->softness.massScale;
		impulseScale = sm->softness.impulseScale;
	}
	ttReal vn = ttRelativeVelocity( sm->bodyA, sm->bodyB, sp, 0, n );
	ttReal impulse = -sp->mass[0] * massScale * ( vn + bias ) - impulseScale * sp->normalImpulse;
	ttReal total = ttMaxReal( sp->normalImpulse + impulse, 0 );
	impulse = total - sp->normalImpulse;
	sp->normalImpulse = total;
	sp->maxNormalImpulse = ttMaxReal( sp->maxNormalImpulse, impulse );
	ttApplyImpulse( sm->bodyA, sm->bodyB, sp, 0, n, impulse );
	return impulse;
}

void ttSoftContacts_SolveManifold( const ttWorld* world, ttSoftManifold* sm, ttSoftPoint* points, ttReal h,
                                   bool useBias )
{
	// Friction first: non-penetration is the more important constraint, so it has the last word
	// in this Gauss-Seidel sweep.
	for ( int j = 0; j < sm->count; ++j )
	{
		ttSolveFrictionPoint( sm, points + sm->first + j );
	}
	for ( int sweep = 0; sweep < ( sm->count > 1 ? TT_SOFT_NORMAL_SWEEPS : 1 ); ++sweep )
	{
		ttReal change = 0, size = 0;
		for ( int j = 0; j < sm->count; ++j )
		{
			ttSoftPoint* sp = points + sm->first + j;
			change += ttAbs( ttSolveNormalPoint( world, sm, sp, h, useBias ) );
			size += sp->normalImpulse;
		}
		if ( change <= (ttReal)1e-3 * size )
		{
			break;
		}
	}
}

// Restitution (Box2D's rule with the paper's threshold): a point that approached faster than the
// threshold before this substep's solve and pushed leaves at -e times that speed. The impulse is
// kept out of the warm start: it belongs to this one substep.
static void ttSoftContacts_ApplyRestitution( ttWorld* world, ttReal h )
{
	ttReal threshold = world->restitutionThresholdScale * ttLength( world->gravity ) * h;
	for ( int i = 0; i < world->softManifoldCount; ++i )
	{
		ttSoftManifold* sm = world->softManifolds + i;
		ttReal e = sm->restitution;
		if ( e == 0 )
		{
			continue;
		}
		ttVec3 n = sm->normal;
		for ( int j = 0; j < sm->count; ++j )
		{
			ttSoftPoint* sp = world->softPoints + sm->first + j;
			ttReal normalImpulse, tangentImpulse[2], maxNormalImpulse, separation;
			ttSoftContacts_PointImpulses( world, sm, j, &normalImpulse, tangentImpulse, &maxNormalImpulse,
			                              &separation );
			if ( sp->normalVelocityBefore > -threshold || maxNormalImpulse <= 0 )
			{
				continue;
			}
			ttReal vn = ttRelativeVelocity( sm->bodyA, sm->bodyB, sp, 0, n );
			ttReal impulse = -sp->mass[0] * ( vn + e * sp->normalVelocityBefore );
			impulse = ttMaxReal( impulse, -normalImpulse );
			ttApplyImpulse( sm->bodyA, sm->bodyB, sp, 0, n, impulse );
		}
	}
}

// After the last substep the impulses go back to the manifold's points (the force readouts, the
// next narrow phase's warm start) and the separations too, for what reads them between steps
// (contact events, the warm start's test that a point was touching). Nothing reads them between
// substeps, except the prepare of a step that collides in every substep: then after each substep.
typedef struct ttStorePointsLoop
{
	ttWorld* world;
	bool lastSubstep;
} ttStorePointsLoop;

// A manifold writes only its own contact points.
static void ttStorePointsRange( int start, int end, int worker, void* context )
{
	(void)worker;
	const ttStorePointsLoop* loop = context;
	ttWorld* world = loop->world;
	for ( int i = start; i < end; ++i )
	{
		ttSoftManifold* sm = world->softManifolds + i;
		ttSoftMotion motion = { 0 };
		if ( loop->lastSubstep && sm->count > 0 )
		{
			motion = ttSoftMotion_Of( sm );
		}
		for ( int j = 0; j < sm->count; ++j )
		{
			ttSoftPoint* sp = world->softPoints + sm->first + j;
			ttContactPoint* cp = sp->cp;
			ttReal tangentImpulse[2], separation;
			ttSoftContacts_PointImpulses( world, sm, j, &cp->normalImpulse, tangentImpulse, &cp->maxNormalImpulse,
			                              &separation );
			cp->tangentImpulse = ttAdd( ttScale( tangentImpulse[0], sm->t1 ), ttScale( tangentImpulse[1], sm->t2 ) );
			cp->normalVelocityBefore = sp->normalVelocityBefore;
			if ( loop->lastSubstep )
			{
				cp->separation = ttMovedSeparationBy( &motion, sp, separation );
			}
		}
	}
}

static void ttSoftContacts_StorePoints( ttWorld* world, bool lastSubstep )
{
	ttStorePointsLoop loop = { world, lastSubstep };
	ttParallelFor( &world->tasks, world->softManifoldCount, TT_MANIFOLDS_PER_RANGE, ttStorePointsRange, &loop );
}

// One narrow phase per step holds only while each contact keeps its place on the two shapes over
// the step. It does not where the place runs over a shape faster than the step can follow: a coin
// wobbling flat, whose contact runs round the rim at up to 100 rad/s (Euler's disk; tests/
// test_coin.c fell flat within half a second), or a marble rolling along a curved mesh, whose
// normal turns with its path (tests/test_mesh_halfpipe.c hopped 2.4 mm off the pipe). A step in
// which any touching pair turns by more than TT_ONCE_PER_STEP_TURN against itself, or slides
// over a mesh by more than TT_ONCE_PER_STEP_MESH_SLIDE, runs the narrow phase and the prepare in
// every substep instead. Pairs with a sphere do not count its spin: a sphere's anchor lies on the
// normal through its centre, so spinning does not move its contact.
#define TT_ONCE_PER_STEP_TURN ( (ttReal)0.02 )
#define TT_ONCE_PER_STEP_MESH_SLIDE ( (ttReal)0.01 )

static bool ttSoftContacts_TurnWithinStep( ttWorld* world, ttReal dt )
{
	for ( int i = 0; i < world->manifoldCount; ++i )
	{
		const ttManifold* m = world->manifolds + i;
		if ( m->pointCount == 0 )
		{
			continue;
		}
		const ttShape* shapeA = ttWorld_Shape( world, m->shapeA );
		const ttShape* shapeB = ttWorld_Shape( world, m->shapeB );
		const ttBody* bodyA = ttWorld_Body( world, m->bodyA );
		const ttBody* bodyB = ttWorld_Body( world, m->bodyB );
		// A curve's normal turns along it as a mesh's does across its triangles: a marble on a
		// wire needs the narrow phase where it is now.
		bool curved = shapeA->type == ttShape_curve || shapeB->type == ttShape_curve;
		if ( ttShape_IsMesh( shapeA ) || ttShape_IsMesh( shapeB ) || curved )
		{
			if ( dt * ttLength( ttSub( bodyB->v, bodyA->v ) ) > TT_ONCE_PER_STEP_MESH_SLIDE )
			{
				return true;
			}
		}
		if ( shapeA->type == ttShape_sphere || shapeB->type == ttShape_sphere )
		{
			continue;
		}
		if ( dt * ttLength( ttSub( bodyB->w, bodyA->w ) ) > TT_ONCE_PER_STEP_TURN )
		{
			return true;
		}
	}
	return false;
}

// Stages (warm start, biased solve, relax) in order over every manifold: the coloured blocks 4 (or
// 8) at a time on a compact copy of the bodies' velocities and the overflow scalar
// (contact_solver_wide.c), or, where the colouring could not be built (out of memory), every
// manifold scalar in the order of the narrow phase.
static void ttSoftContacts_RunStages( ttWorld* world, const ttWideStage* stages, int stageCount, ttReal h )
{
	if ( ttWideContacts_Ready( world ) && ttWideContacts_RunStages( world, stages, stageCount, h ) )
	{
		return;
	}
	for ( int s = 0; s < stageCount; ++s )
	{
		for ( int i = 0; i < world->softManifoldCount; ++i )
		{
			ttSoftManifold* sm = world->softManifolds + i;
			if ( stages[s] == ttWideStage_warmStart )
			{
				ttSoftContacts_WarmStartManifold( sm, world->softPoints );
			}
			else
			{
				ttSoftContacts_SolveManifold( world, sm, world->softPoints, h, stages[s] == ttWideStage_solve );
			}
		}
	}
}

// ---------------------------------------------------------------------------------------------
// The family's table (contact_solver.h)

// Before the velocity-level joints' biased pass: the prepare (where the step collides), each
// point's separation and approach speed, and the bounce of points that approach. The approach is
// the bodies' velocity before the joints (Box2D v3 measures it in its prepare, before its joints
// too): the joints' biased pass adds the push-out of their position error, which no body had as
// motion. Measured after it (until 2026-11-28), the restitution bounced that push-out back as
// real velocity: with the joints' relax before the contacts' (joint_solver_si.c), a random scene
// of sequential-impulse joints on the ground (tether-soak seed 2, scene 305) went from 2 MJ to
// 7e10 J in one step. A position-level family has no pass there, so for it nothing changes.
static void ttSoftContacts_FollowPoints( ttStepContext* ctx )
{
	if ( ctx->substep == 0 )
	{
		ctx->collideEverySubstep = ttSoftContacts_TurnWithinStep( ctx->world, ctx->dt );
	}
	if ( ctx->substep == 0 || ctx->collideEverySubstep )
	{
		ttSoftContacts_Prepare( ctx->world, ctx->h );
		ttSoftContacts_UpdateMasses( ctx->world, true );
	}
	bool prepared = ctx->substep == 0 || ctx->collideEverySubstep;
	ttSoftContacts_BeginPoints( ctx->world, prepared );
	ttPropagateRestitution( ctx->world, ctx->h, false );
}

// Before the positions move, after the velocity-level joints: the carried impulses, then the
// biased solve.
static void ttSoftContacts_BeginSubstep( ttStepContext* ctx )
{
	static const ttWideStage stages[] = { ttWideStage_warmStart, ttWideStage_solve };
	ttSoftContacts_RunStages( ctx->world, stages, 2, ctx->h );
}

// The relax and the restitution act on the velocities of the bodies as they are turned now: each
// body's inverse inertia again at its current rotation, and the rows' angular parts and effective
// masses with it (the arms stay those of the prepare). The next substep's biased solve, when the
// prepare is not redone, uses these too: they are at its starting rotation. With the inverse inertia of the
// substep's start, the relax is a projection in a mass matrix the body no longer has, and it can
// raise the kinetic energy: a 187 kg capsule (inertia 6.3, 51, 51 kg m^2) spinning flat on the
// ground at 20 rad/s went from 10.7 kJ to 293 kJ in 8 s at 10 substeps (1.5 MJ at 30), found by
// the random-scene soak (docs/hardening.md). The wide blocks refresh only the lanes whose
// bodies turned by more than a thousandth of a radian since the prepare
// (contact_solver_wide_impl.h): below that the masses move by about a thousandth, and a stack at
// rest skips the refresh.
// A manifold writes only its own points' rows.
static void ttUpdateMassesRange( int start, int end, int worker, void* context )
{
	(void)worker;
	ttWorld* world = context;
	// The wide blocks refresh their own rows; the per-point rows here are needed by the manifolds
	// solved scalar and by the restitution.
	for ( int i = start; i < end; ++i )
	{
		ttSoftManifold* sm = world->softManifolds + i;
		if ( sm->wideSlot >= 0 && sm->restitution == 0 )
		{
			continue;
		}
		for ( int j = 0; j < sm->count; ++j )
		{
			ttUpdatePointMasses( world->softPoints + sm->first + j, sm->bodyA, sm->bodyB );
		}
	}
}

// After the prepare every row; before each relax the scalar rows and the wide lanes whose bodies
// turned since the prepare (ttWideContacts_RefreshMasses).
static void ttSoftContacts_UpdateMasses( ttWorld* world, bool prepared )
{
	ttParallelFor( &world->tasks, world->softManifoldCount, TT_MANIFOLDS_PER_RANGE, ttUpdateMassesRange, world );
	ttWideContacts_RefreshMasses( world, prepared == false );
}

static void ttRefreshBodyInertiaRange( int start, int end, int worker, void* context )
{
	(void)worker;
	ttWorld* world = context;
	for ( int i = start; i < end; ++i )
	{
		ttBody_CacheInverseInertia( ttWorld_Body( world, world->awakeBodies[i] ) );
	}
}

static void ttSoftContacts_RefreshInertia( ttStepContext* ctx )
{
	ttWorld* world = ctx->world;
	ttParallelFor( &world->tasks, ctx->bodyCount, TT_BODIES_PER_RANGE, ttRefreshBodyInertiaRange, world );
	ttSoftContacts_UpdateMasses( world, false );
}

// After the velocities are derived: relax without the bias, then restitution.
static void ttSoftContacts_SolveVelocities( ttStepContext* ctx )
{
	ttSoftContacts_RefreshInertia( ctx );
	// Collisions that the moved positions bring within this substep are bounced before the relax
	// sees them: the relax alone would share the impulse with the whole row.
	ttPropagateRestitution( ctx->world, ctx->h, true );
	static const ttWideStage relax[] = { ttWideStage_relax };
	ttSoftContacts_RunStages( ctx->world, relax, 1, ctx->h );
	ttSoftContacts_ApplyRestitution( ctx->world, ctx->h );
	bool lastSubstep = ctx->substep == ctx->substeps - 1;
	if ( lastSubstep || ctx->collideEverySubstep )
	{
		ttSoftContacts_StorePoints( ctx->world, lastSubstep );
	}
}

// The accumulated velocity impulses of the last substep: force = impulse / h.
static void ttSoftContacts_PointForce( const ttStepContext* ctx, const ttContactPoint* cp, ttReal* normalForce,
                                       ttVec3* frictionForce )
{
	ttReal h = ctx->h;
	*normalForce = h > 0 ? cp->normalImpulse / h : 0;
	*frictionForce = h > 0 ? ttScale( 1 / h, cp->tangentImpulse ) : TT_VEC3_ZERO;
}

const ttContactFamily ttSoftStepContacts = {
    .name = "softStep",
    .collideBeforePositions = true,
    .collideOncePerStep = true,
    .needsWorldInverseInertia = true,
    .keepsManifolds = true,
    .speculative = true,
    .followPoints = ttSoftContacts_FollowPoints,
    .beginSubstep = ttSoftContacts_BeginSubstep,
    .solvePositions = NULL,
    .solveVelocities = ttSoftContacts_SolveVelocities,
    .pointForce = ttSoftContacts_PointForce,
};
