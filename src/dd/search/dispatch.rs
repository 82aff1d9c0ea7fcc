//! Runtime dispatch: the recursive search exists twice, compiled for the baseline CPU and for
//! CPUs with popcnt, lzcnt, BMI1 and BMI2 (bit counting is a large share of the work).
//! Everything the search calls is `#[inline(always)]`, so it takes the features of its caller.

use super::{Search, Trick};

/// Does this CPU have the features of the fast build?
pub(crate) fn fast_cpu() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && !slow_pdep()
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// AMD before Zen 3 (family 0x19) runs PDEP and PEXT in microcode, far slower than the
/// baseline build's loops.
#[cfg(target_arch = "x86_64")]
fn slow_pdep() -> bool {
    let (vendor, sig) = (std::arch::x86_64::__cpuid(0), std::arch::x86_64::__cpuid(1));
    let amd = (vendor.ebx, vendor.edx, vendor.ecx) == (0x6874_7541, 0x6974_6e65, 0x444d_4163);
    let family = ((sig.eax >> 8) & 0xf) + ((sig.eax >> 20) & 0xff);
    amd && family < 0x19
}

impl Search {
    /// Trick-start node, in the build chosen for this CPU.
    #[inline(always)]
    pub(super) fn lead_d<const F: bool>(&mut self, leader: usize, beta: i32) -> (i32, u64) {
        #[cfg(target_arch = "x86_64")]
        if F || self.fast {
            // SAFETY: `fast` is set only when `fast_cpu` found every feature, and `F` only
            // inside the fast build.
            return unsafe { self.lead_fast(leader, beta) };
        }
        self.lead_base(leader, beta)
    }

    /// Card node `P` of the trick (0 = the lead), in the build chosen for this CPU.
    #[inline(always)]
    pub(super) fn play_d<const F: bool, const P: usize>(&mut self, t: &Trick, beta: i32) -> (i32, u64) {
        #[cfg(target_arch = "x86_64")]
        if F {
            // SAFETY: `F` is true only inside the fast build, entered after `fast_cpu`.
            return unsafe { self.play_fast::<P>(t, beta) };
        }
        self.play_base::<P>(t, beta)
    }

    #[inline(never)]
    fn lead_base(&mut self, leader: usize, beta: i32) -> (i32, u64) {
        self.lead::<false>(leader, beta)
    }

    #[inline(never)]
    fn play_base<const P: usize>(&mut self, t: &Trick, beta: i32) -> (i32, u64) {
        self.play::<false, P>(t, beta)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2")]
    fn lead_fast(&mut self, leader: usize, beta: i32) -> (i32, u64) {
        self.lead::<true>(leader, beta)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2")]
    fn play_fast<const P: usize>(&mut self, t: &Trick, beta: i32) -> (i32, u64) {
        self.play::<true, P>(t, beta)
    }
}
