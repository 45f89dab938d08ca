// SPDX-License-Identifier: MIT
// Supporting contacts (Mueller et al. 2017, section 3.6).
//
// Analysis, once per step on the contact points the last step ended with (the paper runs the
// solver before it analyses, to know which contacts are static):
//   - a contact point joins the graph when its normal is within 80 degrees of "up" (against
//     gravity): the body on the upper side of the normal rests on the other; a contact closer to
//     vertical holds nothing up but by friction. Only dynamic bodies are held, and only static
//     bodies are ground (a kinematic body moves, so a contact with it is no fixed support);
//   - the point is static when it touches (carries load, or is closed to within 1 mm, or its upper
//     body was held in the last step: its ground constraints may have taken the load) and its two bodies' points slide
//     over each other (move in the contact plane) slower than TT_STATIC_CONTACT_SPEED: a sliding (dynamic) contact
//     supports nothing (fig. 11, bottom);
//   - points are processed from the lowest to the highest along "up". A static point on the ground
//     supports; a static point on a dynamic body supports when its projection on the plane normal
//     to gravity lies within the convex hull (Andrew's monotone chain) of the supporting points
//     below that body, the ones processed before it (fig. 11, top and middle);
//   - a body is supported when its centre of mass projects into the hull of its own supporting
//     points below it (fig. 12, bottom).
// Each supported body gets, at each of its supporting points, a one-sided constraint to the
// ground: the point may not move lower along "up" than it was. That is the paper's "direct, long
// range lower distance bound from the contact to the ground", in the limit of a ground point far
// below; it holds the stack's weight in one projection however tall the stack is, while the body
// stays free to rise, tip up or slide away (a ball shot through a tower knocks bodies out; in the
// next step they no longer rest on static contacts and are not supported). The paper fixes the
// supported bodies in place; holding them only against gravity keeps a hit possible.
//
// Rebuilt every step (contacts change every step), incrementally where the support persists: a body
// supported in consecutive steps keeps the pose it was first supported in, and its supporting
// points are held where that pose puts them, so a stack that stands cannot creep a little every
// step. (Keying the anchors on contact feature ids instead left 1 % of them made anew every step,
// where box-box clipping swapped its reference face, and bricks of the tower of fig. 18 crept by
// 9 mm in 2 s.)
#include "long_range_support.h"

#include "constraint.h"
#include "contact_solver.h"
#include "core.h"
#include "hull_2d.h"
#include "world.h"

#include "tether/tether.h"

#include <stdlib.h>
#include <string.h>

#define TT_SUPPORT_MIN_UP_COS ( (ttReal)0.17 ) // cos 80 degrees
#define TT_STATIC_CONTACT_SPEED ( (ttReal)0.05 )
#define TT_SUPPORT_TOUCH ( (ttReal)0.001 )
// Points on the edge of a hull count as inside: contact points clipped to a face lie on that
// face's border, and the border of the face below is where the hull of its own contacts is. That
// hull is smaller than the face, though: a manifold keeps at most 4 points of its contact patch,
// which cut off corners of the patch. In a ring of bricks laid in a bond (each brick on two, turned
// 9 degrees) the points along the outer edge fell a centimetre outside the hull below, and the
// supported part of the tower narrowed layer by layer. So the hull is grown by a fraction of its
// diameter, and by at least TT_SUPPORT_HULL_TOLERANCE.
#define TT_SUPPORT_HULL_TOLERANCE ( (ttReal)0.005 )
#define TT_SUPPORT_HULL_GROWTH ( (ttReal)0.05 )
// A ground constraint engages when its point is off its anchor by more than this.
#define TT_SUPPORT_SLACK ( (ttReal)1e-6 )

// A contact point of the graph.
typedef struct ttSupportNode
{
	int upper, lower; ///< body indices: upper rests on lower
	bool onGround;    ///< lower is static
	bool isStatic;
	bool supporting;
	ttReal height;      ///< along up
	ttPoint2 projected; ///< on the plane normal to up
	ttVec3 point;       ///< world, on the upper body
	ttVec3 localPoint;  ///< on the upper body, in its principal frame
	ttReal friction;    ///< static friction coefficient of the contact
	ttReal load;        ///< normal force of the contact point in the last substep, N
	int next;           ///< next supporting node with the same upper body, -1 at the end
} ttSupportNode;

// A node's place in the bottom-up order. The height travels with the index so that qsort needs no
// context (a static pointer to the nodes would race when two worlds step on two threads).
typedef struct ttSupportOrder
{
	ttReal height;
	int node;
} ttSupportOrder;

// A ground constraint on a supported body: its point is held at a world position, below which it
// may not go along up, and from which static friction keeps it from sliding.
typedef struct ttSupportAnchor
{
	int body;
	ttVec3 localPoint;
	ttVec3 position; ///< world
	ttReal friction, load;
	ttReal lambdaNormal, lambdaTangent;
} ttSupportAnchor;

struct ttSupportSet
{
	ttSupportNode* nodes;
	int nodeCount, nodeCapacity;
	ttSupportOrder* order; ///< the nodes by height, lowest first
	int orderCapacity;
	ttSupportAnchor* anchors;
	int anchorCount, anchorCapacity;
	// Per body slot: the first supporting node below it (-1 for none), how many, and its hull as
	// last computed (a range of hullPoints) for listSize nodes.
	int* head;
	int* listSize;
	int* hullStart;
	int* hullCount;
	int* hullForSize;
	// Per body slot: the pose a body was first supported in, kept while it stays supported.
	ttVec3* heldCenter;
	ttQuat* heldQ;
	bool* held; ///< supported in the last analysis (heldCenter and heldQ valid)
	int bodyCapacity;
	ttPoint2* hullPoints;
	int hullPointCount, hullPointCapacity;
	ttPoint2* scratch;
	int scratchCapacity;
	int* supportedBodies; ///< bodies flagged supported by the last analysis
	int supportedCount, supportedCapacity;
	ttVec3 up, e1, e2; ///< against gravity, and the basis of the plane normal to it
};

static ttSupportSet* ttSupport_Get( ttWorld* world )
{
	if ( world->support == NULL )
	{
		world->support = ttAlloc( sizeof( ttSupportSet ) );
		if ( world->support != NULL )
		{
			memset( world->support, 0, sizeof( ttSupportSet ) );
		}
	}
	return world->support;
}

void ttSupport_Destroy( ttWorld* world )
{
	ttSupportSet* set = world->support;
	if ( set == NULL )
	{
		return;
	}
	ttFree( set->nodes );
	ttFree( set->order );
	ttFree( set->anchors );
	ttFree( set->heldCenter );
	ttFree( set->heldQ );
	ttFree( set->held );
	ttFree( set->head );
	ttFree( set->listSize );
	ttFree( set->hullStart );
	ttFree( set->hullCount );
	ttFree( set->hullForSize );
	ttFree( set->hullPoints );
	ttFree( set->scratch );
	ttFree( set->supportedBodies );
	ttFree( set );
	world->support = NULL;
}

void ttSupport_Forget( ttWorld* world )
{
	ttSupportSet* set = world->support;
	if ( set != NULL )
	{
		set->nodeCount = 0;
		set->anchorCount = 0;
		if ( set->held != NULL )
		{
			memset( set->held, 0, sizeof( bool ) * (size_t)set->bodyCapacity );
		}
	}
}

// Lowest first; equal heights by node index, so that the order is total (qsort's order of equal
// keys differs between C libraries).
static int ttCompareHeights( const void* a, const void* b )
{
	const ttSupportOrder* x = a;
	const ttSupportOrder* y = b;
	if ( x->height != y->height )
	{
		return x->height < y->height ? -1 : 1;
	}
	return ( x->node > y->node ) - ( x->node < y->node );
}

// Grow one per-body array from the set's body capacity to `capacity` slots, zeroing the new ones.
static bool ttGrowBodyArray( void** array, int oldCapacity, int capacity, size_t itemSize )
{
	char* grown = ttGrow( *array, itemSize * (size_t)oldCapacity, itemSize * (size_t)capacity );
	if ( grown == NULL )
	{
		return false;
	}
	memset( grown + itemSize * (size_t)oldCapacity, 0, itemSize * (size_t)( capacity - oldCapacity ) );
	*array = grown;
	return true;
}

static bool ttReserveBodies( ttSupportSet* set, int count )
{
	if ( count <= set->bodyCapacity )
	{
		return true;
	}
	int capacity = count + count / 2 + 16;
	int old = set->bodyCapacity;
	// On failure the arrays that grew keep their larger blocks (freed later), and bodyCapacity
	// stays the old size, which is what every array holds at least.
	bool ok = ttGrowBodyArray( (void**)&set->head, old, capacity, sizeof( int ) ) &&
	          ttGrowBodyArray( (void**)&set->listSize, old, capacity, sizeof( int ) ) &&
	          ttGrowBodyArray( (void**)&set->hullStart, old, capacity, sizeof( int ) ) &&
	          ttGrowBodyArray( (void**)&set->hullCount, old, capacity, sizeof( int ) ) &&
	          ttGrowBodyArray( (void**)&set->hullForSize, old, capacity, sizeof( int ) ) &&
	          ttGrowBodyArray( (void**)&set->heldCenter, old, capacity, sizeof( ttVec3 ) ) &&
	          ttGrowBodyArray( (void**)&set->heldQ, old, capacity, sizeof( ttQuat ) ) &&
	          ttGrowBodyArray( (void**)&set->held, old, capacity, sizeof( bool ) );
	if ( ok )
	{
		set->bodyCapacity = capacity;
	}
	return ok;
}

static ttVec3 ttBodyPoint( const ttBody* body, ttVec3 localPoint )
{
	return ttAdd( ttBody_Center( body ), ttRotate( body->q, localPoint ) );
}

static ttPoint2 ttProject( const ttSupportSet* set, ttVec3 p )
{
	return ( ttPoint2 ){ ttDot( set->e1, p ), ttDot( set->e2, p ) };
}

// The normal force a manifold point carried in the last substep, as the contact family that made
// it stored it (0 before the first step).
static ttReal ttPointLoad( const ttWorld* world, const ttContactPoint* cp )
{
	ttReal normal = 0;
	ttVec3 friction;
	ttContactFamily_Get( world->step.contactSolver )->pointForce( &world->step, cp, &normal, &friction );
	return normal;
}

// One node per manifold point whose normal leans against gravity.
static bool ttBuildNodes( ttWorld* world, ttSupportSet* set )
{
	int pointTotal = 0;
	for ( int i = 0; i < world->manifoldCount; ++i )
	{
		pointTotal += world->manifolds[i].pointCount;
	}
	if ( ttReserve( (void**)&set->nodes, &set->nodeCapacity, pointTotal, sizeof( ttSupportNode ) ) == false ||
	     ttReserve( (void**)&set->order, &set->orderCapacity, pointTotal, sizeof( ttSupportOrder ) ) == false )
	{
		return false;
	}
	set->nodeCount = 0;
	for ( int i = 0; i < world->manifoldCount; ++i )
	{
		const ttManifold* m = world->manifolds + i;
		ttReal lean = ttDot( m->normal, set->up );
		if ( ttAbs( lean ) < TT_SUPPORT_MIN_UP_COS )
		{
			continue;
		}
		// The normal points from A to B: B is on top when it points up.
		bool bOnTop = lean > 0;
		ttBody* upper = ttWorld_Body( world, bOnTop ? m->bodyB : m->bodyA );
		ttBody* lower = ttWorld_Body( world, bOnTop ? m->bodyA : m->bodyB );
		if ( upper->type != ttBody_dynamic || lower->type == ttBody_kinematic )
		{
			continue;
		}
		for ( int j = 0; j < m->pointCount; ++j )
		{
			const ttContactPoint* cp = m->points + j;
			ttVec3 localUpper = bOnTop ? cp->localAnchorB : cp->localAnchorA;
			ttVec3 localLower = bOnTop ? cp->localAnchorA : cp->localAnchorB;
			ttVec3 rUpper = ttRotate( upper->q, localUpper );
			ttVec3 rLower = ttRotate( lower->q, localLower );
			// Sliding is motion in the contact plane; a contact that is being pressed together is
			// static all the same (it is the one a stack that sags needs most).
			ttVec3 relative = ttSub( ttBody_PointVelocity( upper, rUpper ), ttBody_PointVelocity( lower, rLower ) );
			ttVec3 slip = ttMulAdd( relative, -ttDot( relative, m->normal ), m->normal );
			ttVec3 point = ttAdd( ttBody_Center( upper ), rUpper );
			// Closed: the upper body's point is not above the lower one's along the normal by more
			// than TT_SUPPORT_TOUCH. The position-level solver ends its iterations with no
			// multiplier on a third of the points of a resting stack (the others did the work).
			ttVec3 gap = ttAdd( ttBody_RelativeCenter( lower, upper ), ttSub( rUpper, rLower ) );
			bool touching = ttDot( gap, m->normal ) * ( bOnTop ? 1 : -1 ) <= TT_SUPPORT_TOUCH;
			ttReal load = ttPointLoad( world, cp );
			ttSupportNode* node = set->nodes + set->nodeCount;
			*node = ( ttSupportNode ){
			    .upper = bOnTop ? m->bodyB : m->bodyA,
			    .lower = bOnTop ? m->bodyA : m->bodyB,
			    .onGround = lower->type == ttBody_static,
			    // A body held in the last step may have passed its load to its ground constraints.
			    .isStatic = ( load > 0 || touching || set->held[bOnTop ? m->bodyB : m->bodyA] ) &&
			                ttLength( slip ) <= TT_STATIC_CONTACT_SPEED,
			    .height = ttDot( set->up, point ),
			    .projected = ttProject( set, point ),
			    .point = point,
			    .localPoint = localUpper,
			    .friction = m->staticFriction,
			    .load = ttMaxReal( load, 0 ),
			    .next = -1,
			};
			set->order[set->nodeCount] = ( ttSupportOrder ){ node->height, set->nodeCount };
			set->nodeCount += 1;
		}
	}
	return true;
}

// The hull of the supporting nodes below a body, recomputed only when the list grew.
static bool ttBodyHull( ttSupportSet* set, int body, const ttPoint2** hull, int* count )
{
	int size = set->listSize[body];
	if ( set->hullForSize[body] != size )
	{
		if ( ttReserve( (void**)&set->scratch, &set->scratchCapacity, size, sizeof( ttPoint2 ) ) == false ||
		     ttReserve( (void**)&set->hullPoints, &set->hullPointCapacity, set->hullPointCount + size + 1,
		                sizeof( ttPoint2 ) ) == false )
		{
			return false;
		}
		int k = 0;
		for ( int n = set->head[body]; n >= 0; n = set->nodes[n].next )
		{
			set->scratch[k++] = set->nodes[n].projected;
		}
		set->hullStart[body] = set->hullPointCount;
		set->hullCount[body] = ttConvexHull2( set->scratch, size, set->hullPoints + set->hullPointCount );
		set->hullPointCount += set->hullCount[body];
		set->hullForSize[body] = size;
	}
	*hull = set->hullPoints + set->hullStart[body];
	*count = set->hullCount[body];
	return true;
}

static bool ttInsideBodyHull( ttSupportSet* set, int body, ttPoint2 p )
{
	const ttPoint2* hull;
	int count;
	if ( set->listSize[body] == 0 || ttBodyHull( set, body, &hull, &count ) == false )
	{
		return false;
	}
	ttReal diameter = 0;
	for ( int i = 0; i < count; ++i )
	{
		for ( int j = i + 1; j < count; ++j )
		{
			ttReal dx = hull[j].x - hull[i].x, dy = hull[j].y - hull[i].y;
			diameter = ttMaxReal( diameter, dx * dx + dy * dy );
		}
	}
	ttReal tolerance = ttMaxReal( TT_SUPPORT_HULL_TOLERANCE, TT_SUPPORT_HULL_GROWTH * ttSqrt( diameter ) );
	return ttHullContains2( hull, count, p, tolerance );
}

// Bottom-up: decide every node, and link the supporting ones into their upper body's list.
static void ttFindSupportingNodes( ttSupportSet* set )
{
	if ( set->nodeCount == 0 )
	{
		return; // and qsort must not see the array, which is NULL before the first contact
	}
	qsort( set->order, (size_t)set->nodeCount, sizeof( ttSupportOrder ), ttCompareHeights );
	for ( int k = 0; k < set->nodeCount; ++k )
	{
		int n = set->order[k].node;
		ttSupportNode* node = set->nodes + n;
		node->supporting =
		    node->isStatic && ( node->onGround || ttInsideBodyHull( set, node->lower, node->projected ) );
		if ( node->supporting )
		{
			node->next = set->head[node->upper];
			set->head[node->upper] = n;
			set->listSize[node->upper] += 1;
		}
	}
}

// Clear the flags of the bodies the last analysis supported. With keepSleeping, a sleeping body
// keeps the state it fell asleep in (it is not analysed while asleep) and stays in the list, so
// that its flag is cleared once it wakes and is no longer supported.
static void ttClearSupportedFlags( ttWorld* world, ttSupportSet* set, bool keepSleeping )
{
	int kept = 0;
	for ( int i = 0; i < set->supportedCount; ++i )
	{
		int index = set->supportedBodies[i];
		if ( world->bodies.used[index] == false )
		{
			continue;
		}
		ttBody* body = ttWorld_Body( world, index );
		if ( keepSleeping && ttBody_IsSleeping( body ) && body->supported )
		{
			set->supportedBodies[kept++] = index;
		}
		else
		{
			body->supported = false;
		}
	}
	set->supportedCount = kept;
}

// Each supported body: ground constraints at its supporting nodes. A body that was supported in
// the last step too keeps the pose it was first supported in, and its points are held where that
// pose puts them; a body supported anew is held where it is.
static bool ttBuildAnchors( ttWorld* world, ttSupportSet* set, int* supportingCount )
{
	set->anchorCount = 0;
	*supportingCount = 0;
	for ( int n = 0; n < set->nodeCount; ++n )
	{
		const ttSupportNode* node = set->nodes + n;
		if ( node->supporting == false )
		{
			continue;
		}
		*supportingCount += 1;
		int index = node->upper;
		ttBody* body = ttWorld_Body( world, index );
		if ( body->supported == false )
		{
			// First node of this body: is its centre of mass over its supporting points?
			if ( ttInsideBodyHull( set, index, ttProject( set, ttBody_Center( body ) ) ) == false )
			{
				continue;
			}
			if ( ttReserve( (void**)&set->supportedBodies, &set->supportedCapacity, set->supportedCount + 1,
			                sizeof( int ) ) == false )
			{
				return false;
			}
			set->supportedBodies[set->supportedCount++] = index;
			body->supported = true;
			if ( set->held[index] == false )
			{
				set->heldCenter[index] = ttBody_Center( body );
				set->heldQ[index] = body->q;
			}
		}
		if ( ttReserve( (void**)&set->anchors, &set->anchorCapacity, set->anchorCount + 1,
		                sizeof( ttSupportAnchor ) ) == false )
		{
			return false;
		}
		set->anchors[set->anchorCount++] = ( ttSupportAnchor ){
		    .body = index,
		    .localPoint = node->localPoint,
		    .position = ttAdd( set->heldCenter[index], ttRotate( set->heldQ[index], node->localPoint ) ),
		    .friction = node->friction,
		    .load = node->load,
		};
	}
	// This analysis's supported bodies are the held ones of the next.
	memset( set->held, 0, sizeof( bool ) * (size_t)set->bodyCapacity );
	for ( int i = 0; i < set->supportedCount; ++i )
	{
		set->held[set->supportedBodies[i]] = true;
	}
	return true;
}

static void ttSupport_Clear( ttWorld* world, ttSupportSet* set )
{
	ttClearSupportedFlags( world, set, false );
	ttSupport_Forget( world );
}

void ttSupport_Analyze( ttWorld* world )
{
	ttLongRangeFeature feature = ttLongRange_supportingContacts;
	world->stats.supportingContactCount = 0;
	world->stats.supportedBodyCount = 0;
	ttReal gravity = ttLength( world->gravity );
	bool on = world->enableLongRange[feature] && world->enableContacts && gravity > 0;
	if ( on == false )
	{
		if ( world->support != NULL )
		{
			ttSupport_Clear( world, world->support );
		}
		return;
	}
	ttSupportSet* set = ttSupport_Get( world );
	if ( set == NULL )
	{
		ttReportError( "ttWorld_Step", "out of memory: no supporting contacts this step" );
		return;
	}
	double t0 = ttNowMilliseconds();
	ttClearSupportedFlags( world, set, true );
	set->up = ttScale( -1 / gravity, world->gravity );
	set->e1 = ttPerpendicular( set->up );
	set->e2 = ttCross( set->up, set->e1 );

	int bodySlots = world->bodies.count;
	bool ok = ttReserveBodies( set, bodySlots ) && ttBuildNodes( world, set );
	int supportingCount = 0;
	if ( ok )
	{
		for ( int i = 0; i < bodySlots; ++i )
		{
			set->head[i] = -1;
			set->listSize[i] = 0;
			set->hullForSize[i] = -1;
		}
		set->hullPointCount = 0;
		ttFindSupportingNodes( set );
		ok = ttBuildAnchors( world, set, &supportingCount );
	}
	if ( ok == false )
	{
		ttReportError( "ttWorld_Step", "out of memory: no supporting contacts this step" );
		ttSupport_Clear( world, set );
		return;
	}
	world->stats.longRangeCount[feature] = set->anchorCount;
	world->stats.supportingContactCount = supportingCount;
	world->stats.supportedBodyCount = set->supportedCount;
	world->stats.longRangeAnalysisMs[feature] = ttNowMilliseconds() - t0;
}

void ttSupport_BeginSubstep( ttWorld* world )
{
	ttSupportSet* set = world->support;
	if ( set == NULL )
	{
		return;
	}
	for ( int i = 0; i < set->anchorCount; ++i )
	{
		set->anchors[i].lambdaNormal = 0;
		set->anchors[i].lambdaTangent = 0;
	}
}

// Along up one-sided: the point is pushed up to its anchor, never pulled down. In the plane normal
// to up, static friction (the paper's positional rule, eq. 3.5 of the XPBD paper): the point is
// pulled back to its anchor while the tangential multiplier stays within mu_s times the normal
// load, which is the anchor's own multiplier plus what the contact carried in the last step, so a
// push harder than friction can hold moves the body. The ground has infinite mass: only the body
// moves.
void ttSupport_SolvePositions( ttWorld* world, ttReal h )
{
	ttSupportSet* set = world->support;
	if ( set == NULL || set->anchorCount == 0 )
	{
		return;
	}
	ttBody* ground = ttWorld_Body( world, world->groundBody );
	ttVec3 up = set->up;
	for ( int i = 0; i < set->anchorCount; ++i )
	{
		ttSupportAnchor* anchor = set->anchors + i;
		ttBody* body = ttWorld_Body( world, anchor->body );
		ttVec3 r = ttRotate( body->q, anchor->localPoint );
		ttVec3 error = ttSub( ttAdd( ttBody_Center( body ), r ), anchor->position );
		ttReal c = ttDot( up, error );
		if ( c < -TT_SUPPORT_SLACK || anchor->lambdaNormal != 0 )
		{
			ttApplyPositionalCorrection( ground, body, TT_VEC3_ZERO, r, up, c, 0, h, &anchor->lambdaNormal, 0,
			                             TT_HUGE );
			error = ttSub( ttAdd( ttBody_Center( body ), r ), anchor->position );
		}
		ttReal slide;
		ttVec3 t = ttGetLengthAndNormalize( &slide, ttMulAdd( error, -ttDot( up, error ), up ) );
		ttReal limit = anchor->friction * ( anchor->lambdaNormal + anchor->load * h * h ) - anchor->lambdaTangent;
		if ( slide > TT_SUPPORT_SLACK && limit > 0 )
		{
			// The multiplier that would remove the slide, capped at what friction has left.
			ttReal w = ttBody_PositionalInvMass( body, r, t );
			ttReal needed = w > 0 ? slide / w : 0;
			ttReal lambda = 0;
			ttApplyPositionalCorrection( ground, body, TT_VEC3_ZERO, r, t, slide * ttMinReal( 1, limit / needed ), 0, h,
			                             &lambda, -TT_HUGE, TT_HUGE );
			anchor->lambdaTangent += ttAbs( lambda );
		}
	}
}

int ttSupport_Read( ttWorld* world, ttLongRangeConstraintData* out, int capacity )
{
	const ttSupportSet* set = world->support;
	if ( set == NULL )
	{
		return 0;
	}
	ttReal invH2 = world->step.invH2;
	for ( int i = 0; i < set->anchorCount && i < capacity; ++i )
	{
		const ttSupportAnchor* anchor = set->anchors + i;
		const ttBody* body = ttWorld_Body( world, anchor->body );
		ttVec3 point = ttBodyPoint( body, anchor->localPoint );
		out[i] = ( ttLongRangeConstraintData ){
		    .feature = ttLongRange_supportingContacts,
		    .group = -1,
		    .bodyA = ttNullBodyId,
		    .bodyB = ttMakeBodyId( world, anchor->body ),
		    .pointA = anchor->position,
		    .pointB = point,
		    .distance = ttDistance( anchor->position, point ),
		    .axis = set->up,
		    .active = anchor->lambdaNormal != 0 || anchor->lambdaTangent != 0,
		    .force = ( anchor->lambdaNormal + anchor->lambdaTangent ) * invH2,
		};
	}
	return set->anchorCount;
}

// ---------------------------------------------------------------------------------------------
// API

bool ttBody_IsSupported( ttBodyId bodyId )
{
	ttWorld* world;
	ttBody* body = ttResolveBody( __func__, bodyId, &world );
	return body != NULL && body->supported;
}

int ttWorld_GetSupportingContacts( ttWorldId worldId, ttSupportingContact* contacts, int capacity )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return 0;
	}
	if ( ( contacts == NULL && capacity != 0 ) || capacity < 0 )
	{
		TT_ERROR( "contacts must not be NULL unless capacity is 0, and capacity must be >= 0" );
		return 0;
	}
	const ttSupportSet* set = world->support;
	if ( set == NULL )
	{
		return 0;
	}
	int count = 0;
	for ( int n = 0; n < set->nodeCount; ++n )
	{
		const ttSupportNode* node = set->nodes + n;
		if ( node->supporting == false )
		{
			continue;
		}
		if ( count < capacity )
		{
			const ttBody* body = ttWorld_Body( world, node->upper );
			contacts[count] = ( ttSupportingContact ){
			    .body = ttMakeBodyId( world, node->upper ),
			    .lowerBody = node->lower == world->groundBody ? ttNullBodyId : ttMakeBodyId( world, node->lower ),
			    .point = ttBodyPoint( body, node->localPoint ),
			    .bodySupported = body->supported,
			};
		}
		count += 1;
	}
	return count;
}
