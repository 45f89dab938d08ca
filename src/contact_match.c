// SPDX-License-Identifier: MIT
// Persistent contact points: each narrow phase (once per step for the soft-step family) builds
// new manifolds, and the impulses that the soft-step solver accumulated on the last substep's
// points are carried to the new points that continue them, so that the solver starts from the
// last answer (warm starting).
// Manifolds come in pair order (shape A, shape B), so the two lists are merged in one walk.
// A point continues an old one with the same feature id (box-box clipping names its points by
// the faces, vertices and edges that made them); without ids, when either of its anchors, in
// its body's frame, lies within TT_CONTACT_MATCH_DISTANCE of the old one's: a box corner resting
// on a box keeps its anchor on the upper box while the point on the lower box may slide.
#include "world.h"

#define TT_CONTACT_MATCH_DISTANCE ( (ttReal)0.02 )
// Only points that were touching carry their impulses: a point still apart when its substep
// began took the impulse of an impact, which the next substep must not apply again (a cube
// hitting a plate at 100 m/s bounced back at 10 m/s when the four corners' impact impulses were
// warm started and one Gauss-Seidel pass could not take them back).
#define TT_WARM_START_MAX_SEPARATION ( (ttReal)1e-4 )
// A mesh manifold without a predecessor of its key continues the pair's manifold whose normal is
// within this (1 - cosine, about 1 milliradian) of its own.
#define TT_MATCH_NORMAL ( (ttReal)5e-7 )

static int ttComparePairs( const ttManifold* a, const ttManifold* b )
{
	if ( a->shapeA != b->shapeA )
	{
		return a->shapeA < b->shapeA ? -1 : 1;
	}
	return a->shapeB < b->shapeB ? -1 : ( a->shapeB > b->shapeB ? 1 : 0 );
}

static void ttMatchPoints( ttManifold* current, const ttManifold* previous )
{
	bool taken[TT_MAX_MANIFOLD_POINTS] = { false };
	ttReal limit = TT_CONTACT_MATCH_DISTANCE * TT_CONTACT_MATCH_DISTANCE;
	for ( int i = 0; i < current->pointCount; ++i )
	{
		ttContactPoint* cp = current->points + i;
		int best = -1;
		ttReal bestDistance = limit;
		for ( int j = 0; j < previous->pointCount && cp->id != 0; ++j )
		{
			if ( taken[j] == false && previous->points[j].id == cp->id )
			{
				best = j;
				break;
			}
		}
		for ( int j = 0; j < previous->pointCount && best < 0; ++j )
		{
			if ( taken[j] )
			{
				continue;
			}
			const ttContactPoint* old = previous->points + j;
			ttVec3 dA = ttSub( cp->localAnchorA, old->localAnchorA );
			ttVec3 dB = ttSub( cp->localAnchorB, old->localAnchorB );
			ttReal distance = ttMinReal( ttDot( dA, dA ), ttDot( dB, dB ) );
			if ( distance <= bestDistance )
			{
				best = j;
				bestDistance = distance;
			}
		}
		if ( best >= 0 && previous->points[best].separation <= TT_WARM_START_MAX_SEPARATION )
		{
			taken[best] = true;
			cp->normalImpulse = previous->points[best].normalImpulse;
			cp->tangentImpulse = previous->points[best].tangentImpulse;
		}
	}
}

void ttMatchContacts( ttWorld* world )
{
	int j = 0;
	for ( int i = 0; i < world->manifoldCount; ++i )
	{
		ttManifold* current = world->manifolds + i;
		while ( j < world->previousManifoldCount && ttComparePairs( world->previousManifolds + j, current ) < 0 )
		{
			++j;
		}
		// Several manifolds of one pair (a mesh's contact planes) need not come in key order: look
		// through the pair's group for the same key. A mesh manifold is named by the smallest of
		// its merged triangles, which changes as a shape slides across them: without the key, the
		// manifold of the pair whose normal agrees best (within TT_MATCH_NORMAL) continues it.
		const ttManifold* match = NULL;
		ttReal bestAlignment = 1 - TT_MATCH_NORMAL;
		for ( int k = j; k < world->previousManifoldCount && world->previousManifolds[k].shapeA == current->shapeA &&
		                 world->previousManifolds[k].shapeB == current->shapeB;
		      ++k )
		{
			const ttManifold* previous = world->previousManifolds + k;
			if ( previous->key == current->key )
			{
				match = previous;
				break;
			}
			ttReal alignment = ttDot( previous->normal, current->normal );
			if ( alignment >= bestAlignment )
			{
				match = previous;
				bestAlignment = alignment;
			}
		}
		if ( match != NULL )
		{
			ttMatchPoints( current, match );
		}
	}
}
