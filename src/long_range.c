// SPDX-License-Identifier: MIT
// The long range features (Mueller et al. 2017) as one table: their names, default switches and
// the hooks the step, the debug read and the world's destruction call. The rows are in the order
// the projections run in each iteration: distance bounds first (they undo in one pass the stretch
// the joints leave behind), then the ground constraints of supported bodies, then the hinge chains
// into their planes; shape matching of rigid unions runs once after the iterations.
#include "long_range.h"
#include "core.h"
#include "long_range_graph.h"
#include "long_range_hinge_chain.h"
#include "long_range_support.h"
#include "long_range_union.h"
#include "world.h"

#include "tether/tether.h"

// Every feature is off by default. attachments: the bounds are slack wherever the joints hold
// (sums of segment lengths; lower bounds only under hard angle limits), so they only act against
// stretch, but that is what the XPBD paper's figures measure: on by default, the chain of fig. 10
// shows no elongation at any split of substeps and iterations and tests/test_fig10_chain.c fails.
// hierarchy costs O(n levels) bounds per chain and pays off only for free chains and joint graphs
// that are hard to converge (rope bridge, cable car). hingeChains and shapeMatching change the
// motion of every hinge chain and every group of welded bodies (exact planarity, exact rigidity).
// The user opts in: API, scene key world.longRange, CLI --long-range NAME=on.
// clang-format off
static const ttLongRangeFeatureOps s_features[ttLongRange_featureCount] = {
	// One joint graph serves attachments and hierarchy: the attachments' update analyses both.
	{ ttLongRange_attachments, "attachments", false, ttLongRange_Analyze, ttAttachments_BeginSubstep,
	  ttAttachments_Solve, NULL, ttAttachments_Read, NULL },
	{ ttLongRange_hierarchy, "hierarchy", false, NULL, ttHierarchy_BeginSubstep,
	  ttHierarchy_Solve, NULL, ttHierarchy_Read, NULL },
	{ ttLongRange_supportingContacts, "supportingContacts", false, ttSupport_Analyze, ttSupport_BeginSubstep,
	  ttSupport_SolvePositions, NULL, ttSupport_Read, ttSupport_Destroy },
	{ ttLongRange_hingeChains, "hingeChains", false, ttHingeChains_Update, NULL,
	  ttHingeChains_Solve, NULL, ttHingeChains_Read, ttHingeChains_Destroy },
	{ ttLongRange_shapeMatching, "shapeMatching", false, ttUnions_Update, NULL,
	  NULL, ttUnions_Solve, ttUnions_Read, ttUnions_Destroy },
};
// clang-format on

static bool ttIsFeature( ttLongRangeFeature feature )
{
	return (int)feature >= 0 && (int)feature < ttLongRange_featureCount;
}

static const ttLongRangeFeatureOps* ttFeatureOps( ttLongRangeFeature feature )
{
	for ( int i = 0; i < ttLongRange_featureCount; ++i )
	{
		if ( s_features[i].feature == feature )
		{
			return s_features + i;
		}
	}
	return NULL;
}

const char* ttLongRangeFeatureName( ttLongRangeFeature feature )
{
	return ttIsFeature( feature ) ? ttFeatureOps( feature )->name : NULL;
}

void ttLongRange_SetDefaults( bool* enable )
{
	for ( int i = 0; i < ttLongRange_featureCount; ++i )
	{
		enable[s_features[i].feature] = s_features[i].onByDefault;
	}
}

void ttLongRange_Update( ttWorld* world )
{
	for ( int i = 0; i < ttLongRange_featureCount; ++i )
	{
		world->stats.longRangeCount[i] = 0;
		world->stats.longRangeAnalysisMs[i] = 0;
		world->stats.longRangeSolveMs[i] = 0;
	}
	for ( int i = 0; i < ttLongRange_featureCount; ++i )
	{
		if ( s_features[i].update != NULL )
		{
			s_features[i].update( world );
		}
	}
}

void ttLongRange_BeginSubstep( ttWorld* world )
{
	for ( int i = 0; i < ttLongRange_featureCount; ++i )
	{
		const ttLongRangeFeatureOps* ops = s_features + i;
		if ( ops->beginSubstep != NULL && world->enableLongRange[ops->feature] )
		{
			ops->beginSubstep( world );
		}
	}
}

void ttLongRange_Solve( ttWorld* world, ttReal h )
{
	for ( int i = 0; i < ttLongRange_featureCount; ++i )
	{
		const ttLongRangeFeatureOps* ops = s_features + i;
		if ( ops->solve != NULL && world->enableLongRange[ops->feature] )
		{
			double start = ttNowMilliseconds();
			ops->solve( world, h );
			world->stats.longRangeSolveMs[ops->feature] += ttNowMilliseconds() - start;
		}
	}
}

void ttLongRange_EndIterations( ttWorld* world, ttReal h )
{
	for ( int i = 0; i < ttLongRange_featureCount; ++i )
	{
		const ttLongRangeFeatureOps* ops = s_features + i;
		if ( ops->endIterations != NULL && world->enableLongRange[ops->feature] )
		{
			ops->endIterations( world, h );
		}
	}
}

int ttLongRange_Read( ttWorld* world, ttLongRangeConstraintData* out, int capacity )
{
	int total = 0;
	for ( int feature = 0; feature < ttLongRange_featureCount; ++feature )
	{
		const ttLongRangeFeatureOps* ops = ttFeatureOps( (ttLongRangeFeature)feature );
		if ( world->enableLongRange[feature] == false )
		{
			continue;
		}
		int room = capacity > total ? capacity - total : 0;
		total += ops->read( world, room > 0 ? out + total : NULL, room );
	}
	return total;
}

void ttLongRange_Destroy( ttWorld* world )
{
	for ( int i = 0; i < ttLongRange_featureCount; ++i )
	{
		if ( s_features[i].destroy != NULL )
		{
			s_features[i].destroy( world );
		}
	}
}

ttResult ttWorld_EnableLongRange( ttWorldId worldId, ttLongRangeFeature feature, bool flag )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ttResult_invalidId;
	}
	if ( ttIsFeature( feature ) == false )
	{
		ttReportError( __func__, "feature %d is not a ttLongRangeFeature", (int)feature );
		return ttResult_invalidArgument;
	}
	world->enableLongRange[feature] = flag;
	return ttResult_ok;
}

bool ttWorld_IsLongRangeEnabled( ttWorldId worldId, ttLongRangeFeature feature )
{
	ttWorld* world = ttResolveWorld( __func__, worldId );
	return world != NULL && ttIsFeature( feature ) && world->enableLongRange[feature];
}
