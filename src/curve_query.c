// SPDX-License-Identifier: MIT
// Ray casts, shape casts, overlap and closest point against curve shapes: each segment of the
// sampled curve goes through the capsule query, and the best answer over them wins. Curves are
// small scenery (hundreds of segments), so the segments are visited one by one.
#include "collide_curve.h"
#include "curve.h"
#include "shape_cast.h"
#include "shape_raycast.h"

bool ttCurveShape_RayCast( const ttShape* curve, ttVec3 p, ttVec3 d, ttReal maxFraction, ttReal* fraction,
                           ttVec3* normal )
{
	ttTransform identity = { TT_VEC3_ZERO, TT_QUAT_IDENTITY };
	bool found = false;
	for ( int i = 0; i + 1 < curve->curve.samples->count; ++i )
	{
		ttShape capsule;
		ttCurveShape_Segment( curve, i, &capsule );
		ttRayHit hit;
		if ( ttShape_RayCastAt( &capsule, identity, p, d, maxFraction, &hit ) )
		{
			maxFraction = hit.fraction; // later segments must hit sooner
			*fraction = hit.fraction;
			*normal = hit.normal;
			found = true;
		}
	}
	return found;
}

bool ttCurveShape_CastQueryAt( const ttShape* curve, ttTransform xf, const ttQueryProxy* query, ttVec3 translation,
                               ttReal maxFraction, ttRayHit* hit )
{
	bool found = false;
	for ( int i = 0; i + 1 < curve->curve.samples->count; ++i )
	{
		ttShape capsule;
		ttCurveShape_Segment( curve, i, &capsule );
		ttRayHit candidate;
		if ( ttShape_CastQueryAt( &capsule, xf, query, translation, maxFraction, &candidate ) )
		{
			maxFraction = candidate.fraction;
			*hit = candidate;
			found = true;
		}
	}
	return found;
}

bool ttCurveShape_OverlapsQueryAt( const ttShape* curve, ttTransform xf, const ttQueryProxy* query )
{
	for ( int i = 0; i + 1 < curve->curve.samples->count; ++i )
	{
		ttShape capsule;
		ttCurveShape_Segment( curve, i, &capsule );
		if ( ttShape_OverlapsQueryAt( &capsule, xf, query ) )
		{
			return true;
		}
	}
	return false;
}

ttReal ttCurveShape_ClosestPointAt( const ttShape* curve, ttTransform xf, ttVec3 point, ttVec3* closest )
{
	ttReal best = TT_HUGE;
	for ( int i = 0; i + 1 < curve->curve.samples->count; ++i )
	{
		ttShape capsule;
		ttCurveShape_Segment( curve, i, &capsule );
		ttVec3 candidate;
		ttReal distance = ttShape_ClosestPointAt( &capsule, xf, point, &candidate );
		if ( distance < best )
		{
			best = distance;
			*closest = candidate;
		}
	}
	return best;
}
